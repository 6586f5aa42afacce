'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/post-json';
import { formatYenAmount as yen } from '@/lib/yen';
import { LISTING_LABELS, WAIT_LABELS, type MyResale } from '../types';

const JST = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const when = (iso: string) => JST.format(new Date(iso));

function useAction() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function run(action: string, body: unknown, done: string): Promise<boolean> {
    setBusy(true);
    const result = await postJson(`/api/resale/${action}`, body);
    setBusy(false);
    if (!result.ok) {
      toast.error(result.message);
      return false;
    }
    toast.success(done);
    router.refresh();
    return true;
  }
  return { busy, run };
}

/** My page's 公式リセール: list a ticket (the refund shown before confirming), follow listings, wait and pay. */
export function MyResalePanel({ data }: { data: MyResale }) {
  const empty =
    data.sellable.length === 0 &&
    data.listings.length === 0 &&
    data.offerings.length === 0 &&
    data.waits.length === 0;
  if (empty) return null;
  return (
    <section
      id="resale"
      aria-labelledby="resale-heading"
      className="flex flex-col gap-6 rounded-lg border border-line p-6"
    >
      <div className="flex flex-col gap-2">
        <h2 id="resale-heading" className="text-lg font-bold">
          公式リセール
        </h2>
        <p className="text-sm">
          行けなくなったチケットは定価でリセールに出せます。購入者は決まった時刻の抽選で決まり、登録の早さは関係ありません。
        </p>
      </div>
      {data.sellable.map((group) => (
        <SellForm key={group.presaleId} group={group} />
      ))}
      {data.listings.length > 0 && <Listings listings={data.listings} />}
      {data.offerings.length > 0 && <WaitForm offerings={data.offerings} />}
      {data.waits.length > 0 && <Waits waits={data.waits} />}
    </section>
  );
}

function SellForm({ group }: { group: MyResale['sellable'][number] }) {
  const { busy, run } = useAction();
  const pair = group.pairRule === 'pair';
  const [chosen, setChosen] = useState<string[]>(pair ? group.tickets.map((t) => t.id) : []);
  const [confirming, setConfirming] = useState(false);
  const picked = group.tickets.filter((ticket) => chosen.includes(ticket.id));
  const face = picked.reduce((sum, t) => sum + t.faceValueYen, 0);
  const back = picked.reduce((sum, t) => sum + t.refundYen, 0);
  return (
    <div className="flex flex-col gap-3" data-testid="resale-sell">
      <h3 className="font-bold">「{group.title}」のチケットを出品する</h3>
      <p className="text-sm">
        出品の締切: {when(group.until)}
        {pair ? '。同じお申し込みのチケットはまとめて出品します。' : '。1枚ずつ出品できます。'}
      </p>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">出品するチケット</legend>
        {group.tickets.map((ticket) => (
          <label key={ticket.id} className="flex min-h-12 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.includes(ticket.id)}
              disabled={pair || busy}
              data-testid="resale-ticket"
              data-ticket-id={ticket.id}
              onChange={(event) => {
                setConfirming(false);
                setChosen((now) =>
                  event.target.checked ? [...now, ticket.id] : now.filter((id) => id !== ticket.id),
                );
              }}
            />
            <span>
              {ticket.label}（定価 {yen(ticket.faceValueYen)}）
            </span>
          </label>
        ))}
      </fieldset>
      {!confirming ? (
        <Button
          variant="secondary"
          disabled={picked.length === 0}
          onClick={() => setConfirming(true)}
          data-testid="resale-review"
        >
          出品内容を確認する
        </Button>
      ) : (
        <div className="flex flex-col gap-3 rounded border-2 border-primary p-4" data-testid="resale-confirm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-bold">枚数</dt>
            <dd>{picked.length}枚</dd>
            <dt className="font-bold">定価</dt>
            <dd>{yen(face)}</dd>
            <dt className="font-bold">手数料</dt>
            <dd>{yen(face - back)}</dd>
            <dt className="font-bold">成立時の返金額</dt>
            <dd className="font-bold" data-testid="resale-refund">
              {yen(back)}
            </dd>
          </dl>
          <p className="text-sm font-bold">
            購入者のお支払いが確認された時点で売買は確定し、取り消せません。チケットは購入者の名義になり、お手元のチケットとコードは無効になります。成立までは出品を取り消せます。
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={busy}
              data-testid="resale-list"
              onClick={() =>
                void run(
                  'list',
                  { presaleId: group.presaleId, ticketIds: chosen },
                  'リセールに出品しました',
                ).then((ok) => ok && setConfirming(false))
              }
            >
              出品を確定する
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              やめる
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

function Listings({ listings }: { listings: MyResale['listings'] }) {
  const { busy, run } = useAction();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold">出品したチケット</h3>
      <ul className="flex flex-col gap-2">
        {listings.map((listing) => (
          <li
            key={listing.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded border border-line p-3 text-sm"
            data-testid="resale-listing"
            data-status={listing.status}
          >
            <span>
              <span className="font-bold" data-testid="resale-listing-label">
                {LISTING_LABELS[listing.status]}
              </span>{' '}
              {listing.title} {listing.seat}・返金額 {yen(listing.refundYen)}
            </span>
            {listing.status === 'listed' && (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => void run('withdraw', { id: listing.id }, '出品を取り消しました')}
              >
                出品を取り消す
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function WaitForm({ offerings }: { offerings: MyResale['offerings'] }) {
  const { busy, run } = useAction();
  const [offeringId, setOfferingId] = useState(offerings[0]!.id);
  const [tickets, setTickets] = useState(1);
  const [method, setMethod] = useState<'card' | 'konbini'>('card');
  const offering = offerings.find((o) => o.id === offeringId) ?? offerings[0]!;
  return (
    <form
      className="flex flex-col gap-3"
      data-testid="resale-wait-form"
      onSubmit={(event) => {
        event.preventDefault();
        void run('wait', { offeringId, tickets, paymentMethod: method }, 'リセール待ちに登録しました');
      }}
    >
      <h3 className="font-bold">リセール待ちに登録する</h3>
      <label className="flex flex-col text-sm">
        <span className="font-bold">公演・席種</span>
        <select
          className="mt-1 min-h-12 rounded border border-line bg-surface px-3"
          value={offeringId}
          onChange={(event) => setOfferingId(event.target.value)}
          data-testid="resale-offering"
        >
          {offerings.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title} {o.seat}（定価 {yen(o.priceYen)}）
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm">
        <span className="font-bold">枚数</span>
        <select
          className="mt-1 min-h-12 rounded border border-line bg-surface px-3"
          value={tickets}
          onChange={(event) => setTickets(Number(event.target.value))}
        >
          {Array.from({ length: offering.maxTickets }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}枚
            </option>
          ))}
        </select>
      </label>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="font-bold">当選したときのお支払い</legend>
        {(['card', 'konbini'] as const).map((value) => (
          <label key={value} className="flex min-h-12 items-center gap-2">
            <input
              type="radio"
              name="resale-method"
              checked={method === value}
              onChange={() => setMethod(value)}
            />
            {value === 'card' ? 'ご登録のクレジットカード' : 'コンビニ払い'}
          </label>
        ))}
      </fieldset>
      <p className="text-sm">当選するとお知らせします。お支払いは定価のみで、手数料はかかりません。</p>
      <Button type="submit" disabled={busy} data-testid="resale-wait">
        リセール待ちに登録する
      </Button>
    </form>
  );
}

function Waits({ waits }: { waits: MyResale['waits'] }) {
  const { busy, run } = useAction();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold">リセール待ち</h3>
      <ul className="flex flex-col gap-2">
        {waits.map((wait) => {
          const due = wait.status === 'matched' && wait.match?.status === 'due' ? wait.match : null;
          const paid =
            wait.status === 'paid' ||
            (wait.match && wait.match.status !== 'due' && wait.match.status !== 'lapsed');
          const label = paid ? WAIT_LABELS.paid : WAIT_LABELS[wait.status];
          return (
            <li
              key={wait.id}
              className="flex flex-col gap-2 rounded border border-line p-3 text-sm"
              data-testid="resale-wait-row"
              data-status={paid ? 'paid' : wait.status}
            >
              <span>
                <span className="font-bold" data-testid="resale-wait-label">
                  {label}
                </span>{' '}
                {wait.title} {wait.seat}・{wait.tickets}枚
              </span>
              {due && (
                <>
                  <span>
                    お支払い金額 {yen(due.amountYen)}（定価）・お支払い期限 {when(due.dueAt)}
                  </span>
                  {wait.method === 'card' ? (
                    <Button
                      disabled={busy}
                      data-testid="resale-pay"
                      onClick={() =>
                        void run(
                          'pay',
                          { id: due.id },
                          'お支払いが完了しました。チケットはあなたの名義になりました',
                        )
                      }
                    >
                      ご登録のカードで支払う
                    </Button>
                  ) : (
                    <span>
                      {due.paymentNumber
                        ? `コンビニのお支払い番号: ${due.paymentNumber}`
                        : 'お支払い番号を発行しています。しばらくお待ちください。'}
                    </span>
                  )}
                </>
              )}
              {wait.status === 'waiting' && (
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => void run('leave', { id: wait.id }, 'リセール待ちを取り消しました')}
                >
                  リセール待ちを取り消す
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

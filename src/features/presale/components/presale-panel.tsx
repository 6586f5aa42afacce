'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { QueryProvider } from '@/components/ui/query-provider';
import { toast } from '@/components/ui/toast';
import { getJson } from '@/lib/get-json';
import { postJson } from '@/lib/post-json';
import { PRESALE_STATE_LABELS } from '@/features/presale/state';
import type { PresaleView } from '@/features/presale/types';
import { ApplicationForm } from './application-form';
import { APPLICATION_LABELS, formatJst, offeringLabels } from './labels';

const RANKS = ['第1希望', '第2希望', '第3希望'];

function useAction(view: PresaleView, refresh: () => void) {
  const [sending, setSending] = useState(false);
  return {
    sending,
    async run(action: 'cancel' | 'accept' | 'decline', done: string, extra: { block?: boolean } = {}) {
      setSending(true);
      const result = await postJson(`/api/presales/${view.id}/application`, { action, ...extra });
      setSending(false);
      if (result.ok) toast.success(done);
      else toast.error(result.message);
      refresh();
    },
  };
}

function Mine({ view, refresh }: { view: PresaleView; refresh: () => void }) {
  const mine = view.mine!;
  const labels = offeringLabels(view);
  const [editing, setEditing] = useState(false);
  const action = useAction(view, refresh);
  if (editing) return <ApplicationForm view={view} onDone={() => (setEditing(false), refresh())} />;
  return (
    <div className="space-y-3" data-application={mine.status}>
      <p>
        受付番号 <strong className="font-mono text-lg">{mine.receiptNo}</strong>
        <span className="ml-3 rounded-full bg-surface-sub px-3 py-1 text-sm font-bold">
          {APPLICATION_LABELS[mine.status] ?? mine.status}
        </span>
      </p>
      {(mine.status === 'won' || mine.status === 'paid') && mine.wonOfferingId && (
        <p className="font-bold text-tertiary">
          {RANKS[(mine.wonRank ?? 1) - 1]}で当選：{labels.get(mine.wonOfferingId)}（{mine.tickets}枚）
        </p>
      )}
      {mine.voidReason && <p className="text-sm">無効の理由：{mine.voidReason}</p>}
      {mine.status === 'lost' && (
        <p className="text-sm">
          お支払いのなかった席や制作開放席の「復活当選」をご希望の方は、
          <Link href="/mypage#tickets" className="underline underline-offset-4">
            マイページのチケット
          </Link>
          で「復活当選を希望する」を選んでください。
        </p>
      )}
      <p className="text-sm">
        お支払い方法：{mine.paymentMethod === 'card' ? 'クレジットカード' : 'コンビニ払い'}
        {(mine.status === 'won' || mine.status === 'paid') && (
          <Link href="/mypage#tickets" className="ml-2 underline underline-offset-4">
            お支払いの状況はマイページのチケットで
          </Link>
        )}
      </p>
      <ol className="list-inside list-decimal text-sm">
        {mine.choices.map((id, rank) => (
          <li key={id}>
            {RANKS[rank]}：{labels.get(id)}
          </li>
        ))}
      </ol>
      <p className="text-sm">枚数：{mine.tickets}枚</p>
      {mine.companions.map((companion) => (
        <p key={companion.memberNumber} className="text-sm">
          同行者 会員番号 {companion.memberNumber}（{companion.status === 'accepted' ? '承認済' : '承認待ち'}
          ）
        </p>
      ))}
      {view.state === 'open' && (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            内容を変更する
          </Button>
          <Button
            variant="text"
            disabled={action.sending}
            onClick={() => void action.run('cancel', 'お申し込みを取り消しました。')}
          >
            申込を取り消す
          </Button>
        </div>
      )}
    </div>
  );
}

function Invitation({ view, refresh }: { view: PresaleView; refresh: () => void }) {
  const invitation = view.invitation!;
  const action = useAction(view, refresh);
  const [block, setBlock] = useState(false);
  return (
    <div className="space-y-3 rounded-lg bg-surface-sub px-4 py-3" data-invitation={invitation.status}>
      <p>
        {invitation.applicantNickname ?? '会員'}さんから同行者としてのご依頼があります（受付番号{' '}
        {invitation.receiptNo}）。
      </p>
      {invitation.status !== 'accepted' && view.state === 'open' && (
        <p className="text-sm">
          {formatJst(view.closesAt)}
          までにご回答ください。ご自身でお申し込みいただくこともでき、その場合このご依頼は取り消されます。
        </p>
      )}
      {invitation.status === 'accepted' ? (
        <p className="font-bold">承認済みです。</p>
      ) : (
        view.state === 'open' && (
          <div className="flex flex-wrap gap-3">
            <Button
              disabled={action.sending}
              onClick={() => void action.run('accept', '同行を承認しました。')}
            >
              承認する
            </Button>
            <Button
              variant="secondary"
              disabled={action.sending}
              onClick={() => void action.run('decline', '同行をお断りしました。', { block })}
            >
              お断りする
            </Button>
            <label className="flex w-full items-center gap-2 text-sm">
              <input type="checkbox" checked={block} onChange={(event) => setBlock(event.target.checked)} />
              この会員からの同行依頼を今後受け取らない
            </label>
          </div>
        )
      )}
    </div>
  );
}

function Panel({ itemId }: { itemId: string }) {
  const client = useQueryClient();
  const key = ['presale', itemId];
  const query = useQuery({
    queryKey: key,
    queryFn: () => getJson<PresaleView | null>(`/api/presales/item/${itemId}`),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: key });
  if (query.isPending) return null;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-error">
        {query.error.message}
      </p>
    );
  const view = query.data;
  if (!view) return null;
  return (
    <Frame>
      <p className="flex flex-wrap items-center gap-3">
        <span
          className="rounded-full bg-live px-3 py-1 text-sm font-bold text-on-live"
          data-presale-state={view.state}
        >
          {PRESALE_STATE_LABELS[view.state]}
        </span>
        <span className="text-sm">
          受付 {formatJst(view.opensAt)} 〜 {formatJst(view.closesAt)} ／ 当落発表 {formatJst(view.resultsAt)}
        </span>
      </p>
      <ul className="list-inside list-disc text-sm leading-relaxed">
        <li>抽選です。受付期間内であれば、お申し込みの早さは当落に関係ありません。</li>
        <li>
          お一人様1回、{view.ticketsPerApplication}枚まで。第{view.choiceCount}
          希望まで選べ、当選は1つまでです（第1希望から順に抽選）。
        </li>
        <li>
          {formatJst(view.joinedBefore)}までにご入会のプレミアム会員で、抽選時点でも会員の方が対象です。
        </li>
        {view.companionRule === 'member' && (
          <li>
            同行者もファンクラブ会員に限ります。受付終了までに同行者の承認がない分の枚数は抽選対象外です。
          </li>
        )}
      </ul>
      {view.invitation && <Invitation view={view} refresh={refresh} />}
      {view.mine && <Mine view={view} refresh={refresh} />}
      {!view.mine && view.canApply.ok && <ApplicationForm view={view} onDone={refresh} />}
      {!view.mine && !view.invitation && !view.canApply.ok && view.canApply.reason && (
        <p className="rounded-lg bg-surface-sub px-4 py-3 text-sm">{view.canApply.reason}</p>
      )}
      {view.recordPublished && view.mine && (
        <p className="text-sm">
          <Link
            href={`/presales/${view.id}/verify?entry=${view.mine.receiptNo}`}
            className="font-bold underline underline-offset-4"
          >
            受付番号 {view.mine.receiptNo} の当落を検証する
          </Link>
        </p>
      )}
      <p className="text-sm">
        <Link href="/mypage#tickets" className="underline underline-offset-4">
          マイページのチケット
        </Link>
        で、お申し込みの状況をいつでも確認できます。
      </p>
    </Frame>
  );
}

/** The members' presale on a TICKET item: per viewer, so fetched on the client beside the shared rendering. */
export function PresalePanel({ itemId }: { itemId: string }) {
  return (
    <QueryProvider>
      <Panel itemId={itemId} />
    </QueryProvider>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="fc-presale" className="space-y-5 rounded-xl border-2 border-tertiary px-5 py-5">
      <h2 id="fc-presale" className="font-bold">
        ファンクラブ先行（抽選）
      </h2>
      {children}
    </section>
  );
}

import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { formatYenAmount as yen } from '@/lib/yen';
import type { MyTicketRow } from '@/features/presale/server/my-tickets';
import { APPLICATION_LABELS, formatJst } from './labels';
import { PayAgainButton } from './pay-again';
import { SecondChanceButton } from './second-chance-button';

const STATUS: Record<string, string> = {
  ...APPLICATION_LABELS,
  invited: '同行のご依頼（承認待ち）',
  accepted: '同行者（承認済）',
};

const RANKS = ['第1希望', '第2希望', '第3希望'];

/**
 * What a win asks of the fan now: paid with its receipt, a voucher to pay, a card charge to authenticate (3-D Secure),
 * a refused card to replace.
 */
function WinPayment({ row }: { row: MyTicketRow }) {
  const { payment } = row;
  if (row.role === 'companion') {
    return <p className="text-sm">お支払いはお申し込みいただいた方がまとめて行います。</p>;
  }
  if (row.status === 'paid' && payment) {
    return (
      <p className="text-sm">
        {payment.method === 'card' ? 'クレジットカード' : 'コンビニ'}でお支払い済みです。
        <Link href={paths.receipt(payment.id)} className="ml-2 font-bold underline underline-offset-4">
          領収書を見る
        </Link>
      </p>
    );
  }
  if (row.status !== 'won') return null;
  if (payment?.method === 'konbini' && payment.status === 'pending') {
    return (
      <dl
        className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-surface-sub p-3 text-sm"
        data-testid="ticket-voucher"
        data-payment-id={payment.id}
      >
        <dt>お支払い番号</dt>
        <dd className="font-mono font-bold">{payment.paymentNumber}</dd>
        {payment.confirmationNumber && (
          <>
            <dt>確認番号</dt>
            <dd className="font-mono font-bold">{payment.confirmationNumber}</dd>
          </>
        )}
        <dt>お支払い期限</dt>
        <dd className="font-bold">{payment.expiresAt ? formatJst(payment.expiresAt.toISOString()) : ''}</dd>
      </dl>
    );
  }
  if (payment?.method === 'card' && payment.status === 'pending') {
    return (
      <div
        role="status"
        className="space-y-3 rounded-lg border-2 border-error p-3"
        data-testid="ticket-card-action"
      >
        <p className="text-sm font-bold text-error">
          カード会社から本人認証（3Dセキュア）を求められています。
          {row.paymentDueAt && `${formatJst(row.paymentDueAt.toISOString())}までに`}
          認証を行うと決済が完了します。期限を過ぎると当選は無効になります。
        </p>
        <Link
          href={paths.authenticateWin(row.presaleId)}
          className="inline-flex min-h-11 items-center rounded-lg bg-primary px-4 font-bold text-ink"
        >
          本人認証をする
        </Link>
      </div>
    );
  }
  if (payment?.status === 'failed' && row.paymentDueAt) {
    return (
      <div
        role="status"
        className="space-y-3 rounded-lg border-2 border-error p-3"
        data-testid="ticket-card-failed"
      >
        <p className="text-sm font-bold text-error">
          ご登録のカードで決済できませんでした。{formatJst(row.paymentDueAt.toISOString())}
          までにお支払いがないと、当選は無効になります。
        </p>
        <p className="text-sm">カードを変更してから「もう一度支払う」を押してください。</p>
        <div className="flex flex-wrap items-center gap-3">
          <Link
            href={paths.changeCard()}
            className="inline-flex min-h-11 items-center rounded-lg border border-line px-4 font-bold"
          >
            カードを変更する
          </Link>
          <PayAgainButton presaleId={row.presaleId} />
        </div>
      </div>
    );
  }
  return <p className="text-sm">お支払いの手続き中です。まもなく結果をお知らせします。</p>;
}

/** My page's チケット: the state of every application as state, not buried in mail. */
export function MyTickets({ rows }: { rows: MyTicketRow[] }) {
  return (
    <section id="tickets" aria-labelledby="tickets-heading" className="rounded-lg border border-line p-6">
      <h2 id="tickets-heading" className="text-lg font-bold">
        チケット
      </h2>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm">お申し込み中のファンクラブ先行はありません。</p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {rows.map((row) => (
            <li key={row.receiptNo} className="space-y-2 py-3" data-ticket-status={row.status}>
              <Link
                href={paths.item('ticket', row.itemId)}
                className="font-bold underline underline-offset-4"
              >
                {row.title}
              </Link>
              <p className="text-sm">
                <span className="font-bold">{STATUS[row.status] ?? row.status}</span>
                {row.cancelled && row.status !== 'refunded' && (
                  <span className="ml-2 font-bold">（公演中止）</span>
                )}
                <span className="ml-2">
                  受付番号 <span className="font-mono">{row.receiptNo}</span>・{row.tickets}枚
                </span>
              </p>
              {row.secondChance?.state === 'won' && (
                <p className="text-sm font-bold" data-second-chance="won">
                  復活当選（第{row.secondChance.round}回抽選）で当選しました。
                </p>
              )}
              {row.status === 'lost' && row.role === 'applicant' && !row.cancelled && (
                <SecondChanceButton
                  presaleId={row.presaleId}
                  inLine={row.secondChance?.state === 'waiting'}
                />
              )}
              {row.win && (
                <p className="text-sm">
                  {RANKS[row.win.rank - 1]}で当選：{formatJst(row.win.startsAt.toISOString())}{' '}
                  {row.win.performance} {row.win.seatType}
                  {row.role === 'applicant' && (
                    <span className="ml-1 font-bold">
                      {yen(row.win.amountYen)}（税込・
                      {row.paymentMethod === 'card' ? 'クレジットカード' : 'コンビニ払い'}）
                    </span>
                  )}
                </p>
              )}
              {row.win && <WinPayment row={row} />}
              <p className="text-sm text-ink/75">
                申込 {formatJst(row.appliedAt.toISOString())}・更新 {formatJst(row.updatedAt.toISOString())}
                ・当落発表 {formatJst(row.resultsAt.toISOString())}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

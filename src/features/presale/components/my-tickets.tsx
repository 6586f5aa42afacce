import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import type { MyTicketRow } from '@/features/presale/server/my-tickets';
import { APPLICATION_LABELS, formatJst } from './labels';

const STATUS: Record<string, string> = {
  ...APPLICATION_LABELS,
  invited: '同行のご依頼（承認待ち）',
  accepted: '同行者（承認済）',
};

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
            <li key={row.receiptNo} className="py-3" data-ticket-status={row.status}>
              <Link
                href={paths.item('ticket', row.itemId)}
                className="font-bold underline underline-offset-4"
              >
                {row.title}
              </Link>
              <p className="mt-1 text-sm">
                <span className="font-bold">{STATUS[row.status] ?? row.status}</span>
                <span className="ml-2">
                  受付番号 <span className="font-mono">{row.receiptNo}</span>・{row.tickets}枚
                </span>
              </p>
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

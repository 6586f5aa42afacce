import { notFound } from 'next/navigation';
import { PageHeading } from '@/components/ui/page-heading';
import { isAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import { can, type StaffActor } from '@/features/staff';
import { paidList } from '@/features/presale/server/paid-list';
import { CancelEventForm } from './cancel-event';
import { formatJst } from './labels';
import { formatYen, formatYenAmount } from '@/lib/yen';

const METHOD = { card: 'カード', konbini: 'コンビニ' } as const;
const HEADERS = [
  '氏名',
  '会員番号',
  '受付番号',
  '領収書番号',
  '公演',
  '席種',
  '枚数',
  '金額',
  '方法',
  '支払日時',
];

/** Staff (owner, editor): who paid for which seats of a presale, with the CSV for the ticketing office. */
export async function PaidPage({ actor, itemId }: { actor: StaffActor; itemId: string }) {
  const list = await paidList(await getDb(), actor, itemId).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  const seesAccess = can(actor.role, 'members:contact');
  const total = list.rows.reduce((sum, row) => sum + row.amountYen, 0);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>入金済み一覧</PageHeading>
      <p className="font-bold">
        {list.title}
        {list.cancelled && (
          <span className="ml-2 rounded-full bg-error px-3 py-1 text-sm text-white">中止</span>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <p className="text-sm">
          {list.rows.length}件・{list.rows.reduce((sum, row) => sum + row.tickets, 0)}枚・合計{' '}
          {formatYen(total)}
        </p>
        <a
          href={paths.staff.presalePaidCsv(itemId)}
          download
          className="inline-flex min-h-11 items-center rounded-lg border border-line px-4 font-bold"
        >
          CSVをダウンロード
        </a>
      </div>
      {list.rows.length === 0 ? (
        <p className="rounded-lg border border-line p-6 text-sm">お支払い済みの当選はまだありません。</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[56rem] border-collapse text-sm" data-testid="paid-list">
            <thead>
              <tr className="border-b border-line text-left whitespace-nowrap">
                {[...HEADERS, ...(seesAccess ? ['ご要望'] : [])].map((header) => (
                  <th key={header} scope="col" className="px-3 py-2">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.receiptNo} className="border-b border-line align-top">
                  <td className="px-3 py-2 whitespace-nowrap">{row.name}</td>
                  <td className="px-3 py-2 font-mono whitespace-nowrap">{row.memberNumber}</td>
                  <td className="px-3 py-2 font-mono whitespace-nowrap">{row.receiptNo}</td>
                  <td className="px-3 py-2 font-mono whitespace-nowrap">{row.receiptNumber}</td>
                  <td className="px-3 py-2">{row.performance}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{row.seatType}</td>
                  <td className="px-3 py-2 text-right">{row.tickets}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{formatYenAmount(row.amountYen)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{METHOD[row.method]}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatJst(row.paidAt.toISOString())}</td>
                  {seesAccess && (
                    <td className="px-3 py-2" data-testid="paid-access">
                      {row.access ?? ''}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="seats-heading" className="space-y-2">
        <h2 id="seats-heading" className="font-bold">
          座席（当選・入金済みが押さえている数）
        </h2>
        <ul className="text-sm">
          {list.seats.map((seat) => (
            <li key={seat.label}>
              {seat.label}：{seat.taken} / {seat.capacity}席（残り {seat.capacity - seat.taken}）
            </li>
          ))}
        </ul>
      </section>
      {can(actor.role, 'presales:cancel') && !list.cancelled && <CancelEventForm itemId={itemId} />}
    </div>
  );
}

import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import type { StaffActor } from '@/features/staff/server';
import { PRESALE_STATE_LABELS } from '@/features/presale/state';
import { formatJst } from '@/features/presale/components/labels';
import { staffPresaleList } from '@/features/presale/server/staff-view';

/** Every TICKET item with its presale's state: where staff set up and follow the members' presales. */
export async function PresaleListPage({ actor }: { actor: StaffActor }) {
  const rows = await staffPresaleList(await getDb(), actor.siteId);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>先行受付</PageHeading>
      <p className="text-sm">
        TICKETの記事ごとに、会員先行（抽選）を設定できます。記事はコンテンツの「TICKET」から作成します。
      </p>
      {rows.length === 0 ? (
        <p>TICKETの記事がまだありません。</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[36rem] border-collapse text-sm" data-testid="presale-table">
            <thead>
              <tr className="border-b border-line text-left whitespace-nowrap">
                <th scope="col" className="px-3 py-2">
                  記事
                </th>
                <th scope="col" className="px-3 py-2">
                  状態
                </th>
                <th scope="col" className="px-3 py-2">
                  受付期間
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  申込
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.itemId} className="border-b border-line">
                  <th scope="row" className="min-w-48 px-3 py-2 text-left font-bold">
                    <Link href={paths.staff.presale(row.itemId)} className="underline underline-offset-4">
                      {row.title}
                    </Link>
                    {row.resale && (
                      <Link
                        href={paths.staff.presaleResale(row.itemId)}
                        className="ml-3 text-sm font-normal underline underline-offset-4"
                        data-testid="presale-resale-link"
                      >
                        公式リセール
                      </Link>
                    )}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {row.state ? PRESALE_STATE_LABELS[row.state] : '未設定'}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {row.opensAt && row.closesAt
                      ? `${formatJst(row.opensAt.toISOString())} 〜 ${formatJst(row.closesAt.toISOString())}`
                      : '—'}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {row.presaleId ? `${row.applications.toLocaleString('ja-JP')}件` : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

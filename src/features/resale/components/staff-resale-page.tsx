import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { formatYenAmount as yen } from '@/lib/yen';
import { jstDateTimeText, toJstLocalInput } from '@/lib/dates';
import type { StaffActor } from '@/features/staff/server';
import { resaleReport } from '../server/staff';
import { ResaleSettingsForm, MatchNowButton } from './staff-resale-forms';

/** A presale's 公式リセール for staff: the settings, 今すぐマッチング, the rounds, and every listing with its match and refund. */
export async function ResaleStaffPage({
  actor,
  itemId,
  presaleId,
}: {
  actor: StaffActor;
  itemId: string;
  presaleId: string;
}) {
  const report = await resaleReport(await getDb(), actor, itemId);
  const { settings } = report;
  return (
    <div className="flex flex-col gap-8">
      <PageHeading>公式リセール</PageHeading>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <span className="font-bold">{report.title}</span>
        <Link href={paths.staff.presale(itemId)} className="text-sm underline underline-offset-4">
          先行受付の設定へ
        </Link>
        <a href={paths.staff.presaleResaleCsv(itemId)} className="text-sm underline underline-offset-4">
          CSVをダウンロード
        </a>
      </p>
      <ResaleSettingsForm
        itemId={itemId}
        initial={{
          until: settings.until ? toJstLocalInput(settings.until) : '',
          feeYen: settings.feeYen,
          pairRule: settings.pairRule,
          matchTimes: settings.matchTimes,
        }}
      />
      {settings.until && <MatchNowButton itemId={itemId} />}
      <section aria-labelledby="resale-rounds-heading" className="flex flex-col gap-2">
        <h2 id="resale-rounds-heading" className="text-lg font-bold">
          マッチングの記録
        </h2>
        {report.rounds.length === 0 ? (
          <p className="text-sm">まだマッチングは行われていません。</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm" data-testid="resale-rounds">
            {report.rounds.map((round) => (
              <li key={round.slot}>
                {jstDateTimeText(round.slot).slice(0, 16)}：出品 {round.seats}枚・待機 {round.entries}件・成立{' '}
                {round.matched}枚
                {round.number && (
                  <>
                    {' '}
                    <a
                      href={`/api/presales/${presaleId}/rounds/${round.number}/record`}
                      className="underline underline-offset-4"
                    >
                      第{round.number}回抽選の記録
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="resale-listings-heading" className="flex flex-col gap-2">
        <h2 id="resale-listings-heading" className="text-lg font-bold">
          出品・成立・返金
        </h2>
        {report.rows.length === 0 ? (
          <p className="text-sm">出品はまだありません。</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="resale-listings">
              <thead>
                <tr>
                  {[
                    '出品日時',
                    '座席',
                    '出品者',
                    '状態',
                    '定価',
                    '返金額',
                    '購入者',
                    '支払い',
                    '返金日時',
                  ].map((h) => (
                    <th key={h} className="px-3 py-2 whitespace-nowrap">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={row.listedAt + row.seat + row.seller} className="border-t border-line">
                    <td className="px-3 py-2 whitespace-nowrap">
                      {jstDateTimeText(row.listedAt).slice(0, 16)}
                    </td>
                    <td className="px-3 py-2">{row.seat}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{row.seller}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{row.status}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{yen(row.faceValueYen)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{yen(row.refundYen)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{row.buyer ?? '—'}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{row.matchStatus ?? '—'}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {row.refundedAt ? jstDateTimeText(row.refundedAt).slice(0, 16) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

import { Link } from '@/components/ui/link';
import { PageHeading } from '@/components/ui/page-heading';
import { buttonClass } from '@/components/ui/button';
import { CONTROL_CLASS } from '@/components/ui/field';
import { paths } from '@/lib/paths';
import { KIND_LABELS, METHOD_LABELS, totalOf, type SalesMonth } from '@/features/billing/staff/sales/model';
import { monthLabel } from '@/features/billing/staff/sales/months';
import { FigureCells, ROW_HEADER, SalesTable } from '@/features/billing/staff/sales/components/sales-table';
import { DISPUTE_RULE, DisputeList } from '@/features/billing/staff/sales/components/disputes';
import type { PaymentDispute } from '@/features/billing/server/disputes';
import { formatYenAmount as yen } from '@/lib/yen';

function MonthPicker({ months, selected }: { months: SalesMonth[]; selected: string }) {
  return (
    <form method="get" action={paths.staff.sales()} className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="sales-month" className="text-sm font-bold">
          内訳を表示する月
        </label>
        <select id="sales-month" name="month" defaultValue={selected} className={CONTROL_CLASS}>
          {months.map(({ month }) => (
            <option key={month} value={month}>
              {monthLabel(month)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass('secondary')}>
        表示
      </button>
    </form>
  );
}

function MonthDetail({ month }: { month: SalesMonth }) {
  const label = monthLabel(month.month);
  return (
    <section aria-labelledby="sales-detail" className="flex flex-col gap-3">
      <h2 id="sales-detail" className="text-lg font-bold">
        {label}の内訳
      </h2>
      {month.rows.length === 0 ? (
        <p className="text-sm">この月の売上はありません。</p>
      ) : (
        <SalesTable
          caption={`${label}の売上（区分・プラン・支払方法別）`}
          labels={['区分', 'プラン', '支払方法']}
          testId="sales-detail"
          total={
            <tr>
              <th scope="row" colSpan={3} className={ROW_HEADER}>
                合計
              </th>
              <FigureCells row={month} />
            </tr>
          }
        >
          {month.rows.map((row) => (
            <tr key={`${row.kind}-${row.plan}-${row.method}`} className="border-t border-line">
              <th scope="row" className={ROW_HEADER}>
                {KIND_LABELS[row.kind]}
              </th>
              <td className="px-3 py-2">{row.plan ?? '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{METHOD_LABELS[row.method]}</td>
              <FigureCells row={row} />
            </tr>
          ))}
        </SalesTable>
      )}
    </section>
  );
}

/** The page itself, from the months read (newest first) and the month whose rows are shown. */
export function SalesView({
  months,
  selected,
  disputes = [],
}: {
  months: SalesMonth[];
  selected: SalesMonth;
  /** The site's chargebacks, newest first (docs/decisions/0047). */
  disputes?: PaymentDispute[];
}) {
  const range = { from: months.at(-1)!.month, to: months[0]!.month };
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <PageHeading
        aside={
          <a
            href={paths.staff.salesCsv(range.from, range.to)}
            download
            className={buttonClass('secondary', 'ml-auto')}
          >
            CSVをダウンロード
          </a>
        }
      >
        売上
      </PageHeading>
      <div className="flex flex-col gap-1 text-sm text-ink/75">
        <p>月は日本時間で、支払われた日の月に数えます。返金は元の支払いと同じ月から差し引きます。</p>
        <p>
          手数料は決済事業者が報告するものだけを表示し、報告がない場合は「—」です。差引は売上から返金と判明している手数料を引いた額です。
        </p>
      </div>
      <section aria-labelledby="sales-months" className="flex flex-col gap-3">
        <h2 id="sales-months" className="text-lg font-bold">
          月別（直近12か月）
        </h2>
        <SalesTable
          caption="月別の売上（直近12か月、新しい月から）"
          labels={['月']}
          testId="sales-months"
          total={
            <tr>
              <th scope="row" className={ROW_HEADER}>
                12か月合計
              </th>
              <FigureCells row={totalOf(months)} />
            </tr>
          }
        >
          {months.map((row) => (
            <tr key={row.month} className="border-t border-line">
              <th scope="row" className={ROW_HEADER}>
                <Link href={paths.staff.sales(row.month)} className="underline underline-offset-4">
                  {monthLabel(row.month)}
                </Link>
              </th>
              <FigureCells row={row} />
            </tr>
          ))}
        </SalesTable>
      </section>
      <MonthPicker months={months} selected={selected.month} />
      <MonthDetail month={selected} />
      {disputes.length > 0 && <Disputes disputes={disputes} />}
    </div>
  );
}

/** Chargebacks apart from the sales figures: the card company has not decided them, or decided against the club. */
function Disputes({ disputes }: { disputes: PaymentDispute[] }) {
  const sum = (status: PaymentDispute['status']) =>
    disputes.filter((d) => d.status === status).reduce((total, d) => total + d.amountYen, 0);
  return (
    <section aria-labelledby="sales-disputes" className="flex flex-col gap-3">
      <h2 id="sales-disputes" className="text-lg font-bold">
        異議申し立て（チャージバック）
      </h2>
      <p className="text-sm" data-testid="dispute-totals">
        申し立て中 <span className="font-bold tabular-nums">{yen(sum('open'))}</span>・認容（売上取消）
        <span className="font-bold tabular-nums">{yen(sum('lost'))}</span>
        ・上の売上の表には含めたまま表示しています。
      </p>
      <p className="text-sm text-ink/75">{DISPUTE_RULE}</p>
      <DisputeList disputes={disputes} showMember canHandle />
    </section>
  );
}

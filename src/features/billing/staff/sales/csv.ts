import { BOM, csvRow } from '@/lib/csv';
import {
  KIND_LABELS,
  METHOD_LABELS,
  totalOf,
  type SalesFigures,
  type SalesMonth,
} from '@/features/billing/staff/sales/model';
import type { MonthRange } from '@/features/billing/staff/sales/months';

export const SALES_CSV_HEADER = [
  '月',
  '区分',
  'プラン',
  '支払方法',
  '件数',
  '売上',
  '返金',
  '手数料',
  '差引',
];

/** An unknown fee is 「—」 in the file as on the page: an empty cell or 0 would read as "no fee". */
export const UNKNOWN_FEE = '—';

const figures = (row: SalesFigures) => [
  row.count,
  row.grossYen,
  row.refundsYen,
  row.feesYen ?? UNKNOWN_FEE,
  row.netYen,
];

/**
 * The sales as CSV for Excel (UTF-8 with BOM, CRLF, the formula guard of lib/csv.ts: a plan's name is the owner's
 * text): one line per month and source, oldest month first, then one 合計 line for the whole range. No per-month
 * total lines, so that a spreadsheet's sum over the column is the range's total.
 */
export function salesCsv(months: readonly SalesMonth[]): string {
  const lines = [...months]
    .reverse()
    .flatMap((month) =>
      month.rows.map((row) =>
        csvRow([
          month.month,
          KIND_LABELS[row.kind],
          row.plan ?? '',
          METHOD_LABELS[row.method],
          ...figures(row),
        ]),
      ),
    );
  return (
    BOM +
    csvRow(SALES_CSV_HEADER) +
    lines.join('') +
    csvRow(['合計', '', '', '', ...figures(totalOf(months))])
  );
}

/** sales-202512-202611.csv: the months it covers. */
export const salesFileName = (range: MonthRange) =>
  `sales-${range.from.replace('-', '')}-${range.to.replace('-', '')}.csv`;

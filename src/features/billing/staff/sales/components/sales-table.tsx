import type { ReactNode } from 'react';
import { formatYenAmount } from '@/lib/yen';
import type { SalesFigures } from '@/features/billing/staff/sales/model';
import { UNKNOWN_FEE } from '@/features/billing/staff/sales/csv';

export const FIGURE_LABELS = ['件数', '売上', '返金', '手数料', '差引'];

const CELL = 'px-3 py-2 whitespace-nowrap';

/** The five figures of a row as cells, right-aligned; an unknown fee is 「—」 (never 0), with a word for readers. */
export function FigureCells({ row }: { row: SalesFigures }) {
  return (
    <>
      <td className={`${CELL} text-right tabular-nums`}>{row.count.toLocaleString('ja-JP')}件</td>
      <td className={`${CELL} text-right tabular-nums`}>{formatYenAmount(row.grossYen)}</td>
      <td className={`${CELL} text-right tabular-nums`}>{formatYenAmount(row.refundsYen)}</td>
      <td className={`${CELL} text-right tabular-nums`}>
        {row.feesYen === null ? (
          <span title="決済事業者から手数料の報告がありません">
            <span aria-hidden="true">{UNKNOWN_FEE}</span>
            <span className="sr-only">不明</span>
          </span>
        ) : (
          formatYenAmount(row.feesYen)
        )}
      </td>
      <td className={`${CELL} text-right font-bold tabular-nums`}>{formatYenAmount(row.netYen)}</td>
    </>
  );
}

/**
 * A table that scrolls sideways inside its own box on a narrow screen (390 px), so the page itself never does. The
 * first columns name the row (a `th` each, so a reader hears the month or source with every figure).
 */
export function SalesTable({
  caption,
  labels,
  testId,
  children,
  total,
}: {
  caption: string;
  labels: string[];
  testId: string;
  children: ReactNode;
  total: ReactNode;
}) {
  // relative: the table's screen-reader-only texts are positioned inside this box, not beyond the page's edge. A
  // named region in the tab order: a keyboard can scroll it sideways on a phone even when it holds no link.
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative max-w-full overflow-x-auto rounded-md border border-line"
      data-testid={testId}
    >
      <table className="w-full min-w-[36rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-sub text-left">
          <tr>
            {[...labels, ...FIGURE_LABELS].map((label, index) => (
              <th key={label} scope="col" className={`${CELL} ${index >= labels.length ? 'text-right' : ''}`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        <tfoot className="border-t-2 border-ink/40 bg-surface-sub font-bold">{total}</tfoot>
      </table>
    </div>
  );
}

export const ROW_HEADER = `${CELL} text-left font-normal`;

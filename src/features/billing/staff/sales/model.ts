/**
 * The sales page's arithmetic, kept apart from the queries so that the page, the CSV and the tests add up the same
 * way (docs/decisions/0026, amended 2026-11-27):
 * - a payment counts in the Japan-time month it was paid (a card charge: when the provider made it);
 * - gross is every payment that took money, refunded ones included; a refund counts in the month of the payment it
 *   gives back (a provider's invoice does not say when it was refunded), so a closed month's net can still fall;
 * - fees are the provider's where it reports them; a row with any payment of unknown fee shows 「—」, never 0;
 * - net is gross less refunds less the known fees.
 */
export type PayMethod = 'card' | 'konbini';
export type SalesKind = 'membership' | 'presale';

/** Money taken by one payment, or by a group of like payments (the same month, source and refund state). */
export interface SalesEntry {
  /** "2026-11", Japan time. */
  month: string;
  kind: SalesKind;
  /** The plan's name for a membership payment; null for a presale ticket. */
  plan: string | null;
  method: PayMethod;
  amountYen: number;
  count: number;
  refunded: boolean;
  /** The provider's fee, null where it reports none. */
  feeYen: number | null;
}

export interface SalesFigures {
  count: number;
  grossYen: number;
  refundsYen: number;
  /** null: at least one payment's fee is not known. */
  feesYen: number | null;
  netYen: number;
}

export interface SalesRow extends SalesFigures {
  kind: SalesKind;
  plan: string | null;
  method: PayMethod;
}

export interface SalesMonth extends SalesFigures {
  month: string;
  /** Membership by plan first, then presale tickets; card before konbini. */
  rows: SalesRow[];
}

export const KIND_LABELS: Record<SalesKind, string> = { membership: '会費', presale: '先行チケット' };
export const METHOD_LABELS: Record<PayMethod, string> = { card: 'カード', konbini: 'コンビニ' };

const EMPTY: SalesFigures = { count: 0, grossYen: 0, refundsYen: 0, feesYen: 0, netYen: 0 };

function add(figures: SalesFigures, more: SalesFigures): SalesFigures {
  const feesYen = figures.feesYen === null || more.feesYen === null ? null : figures.feesYen + more.feesYen;
  // Net adds up as it is: each part already took off the fees it knows, even where another part's are not known.
  return {
    count: figures.count + more.count,
    grossYen: figures.grossYen + more.grossYen,
    refundsYen: figures.refundsYen + more.refundsYen,
    feesYen,
    netYen: figures.netYen + more.netYen,
  };
}

function figuresOf(entry: SalesEntry): SalesFigures {
  const refundsYen = entry.refunded ? entry.amountYen : 0;
  return {
    count: entry.count,
    grossYen: entry.amountYen,
    refundsYen,
    feesYen: entry.feeYen,
    netYen: entry.amountYen - refundsYen - (entry.feeYen ?? 0),
  };
}

const rowKey = (entry: Pick<SalesEntry, 'kind' | 'plan' | 'method'>) =>
  `${entry.kind}\u0000${entry.plan ?? ''}\u0000${entry.method}`;

function rowOrder(a: SalesRow, b: SalesRow): number {
  if (a.kind !== b.kind) return a.kind === 'membership' ? -1 : 1;
  if (a.plan !== b.plan) return (a.plan ?? '').localeCompare(b.plan ?? '', 'ja');
  return a.method === b.method ? 0 : a.method === 'card' ? -1 : 1;
}

/** The figures of several rows or months added up (a month's total, the range's total). */
export function totalOf(parts: readonly SalesFigures[]): SalesFigures {
  return parts.reduce<SalesFigures>((sum, part) => add(sum, part), EMPTY);
}

/** Every month of `months` (newest first), each with its rows by source and its total; a month without sales too. */
export function salesByMonth(entries: readonly SalesEntry[], months: readonly string[]): SalesMonth[] {
  const byMonth = new Map<string, Map<string, SalesRow>>(months.map((month) => [month, new Map()]));
  for (const entry of entries) {
    const rows = byMonth.get(entry.month);
    if (!rows) continue;
    const key = rowKey(entry);
    const row = rows.get(key) ?? { kind: entry.kind, plan: entry.plan, method: entry.method, ...EMPTY };
    rows.set(key, { ...row, ...add(row, figuresOf(entry)) });
  }
  return months.map((month) => {
    const rows = [...(byMonth.get(month)?.values() ?? [])].sort(rowOrder);
    return { month, rows, ...totalOf(rows) };
  });
}

import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { salesCsv, salesFileName } from '@/features/billing/staff/sales/csv';
import { salesByMonth, type SalesEntry } from '@/features/billing/staff/sales/model';

const entry = (over: Partial<SalesEntry>): SalesEntry => ({
  month: '2026-11',
  kind: 'membership',
  plan: '月額会員',
  method: 'card',
  amountYen: 550,
  count: 1,
  refunded: false,
  feeYen: null,
  ...over,
});

describe('salesCsv', () => {
  it('keeps a plan name a spreadsheet would run as a formula as text (the formula guard of lib/csv.ts)', () => {
    const months = salesByMonth(
      [entry({ plan: '=HYPERLINK("http://evil","x")' }), entry({ plan: '-1+1' })],
      ['2026-11'],
    );
    const rows = parse(salesCsv(months), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row['プラン'])).toEqual(["'-1+1", `'=HYPERLINK("http://evil","x")`, '']);
    // Figures are numbers, never guarded: a refund is a positive amount in its own column, not "-550".
    expect(rows.at(-1)).toMatchObject({ 月: '合計', 売上: '1100', 返金: '0', 差引: '1100' });
  });

  it('writes a known fee as a number, an unknown one as 「—」, and the total unknown if any part is', () => {
    const months = salesByMonth(
      [entry({ feeYen: 20, amountYen: 550 }), entry({ method: 'konbini', feeYen: null })],
      ['2026-11'],
    );
    const rows = parse(salesCsv(months), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row['支払方法'], row['手数料'], row['差引']])).toEqual([
      ['カード', '20', '530'],
      ['コンビニ', '—', '550'],
      ['', '—', '1080'],
    ]);
  });

  it('names the file by its months', () => {
    expect(salesFileName({ from: '2025-12', to: '2026-11' })).toBe('sales-202512-202611.csv');
  });
});

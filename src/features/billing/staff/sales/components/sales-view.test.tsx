import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ComponentProps } from 'react';
import { SalesView } from '@/features/billing/staff/sales/components/sales-view';
import { salesByMonth, type SalesEntry } from '@/features/billing/staff/sales/model';
import { monthsOf } from '@/features/billing/staff/sales/months';

// Next's Link needs a mounted app router; a plain anchor renders the same for this test.
vi.mock('@/components/ui/link', () => ({ Link: (props: ComponentProps<'a'>) => <a {...props} /> }));

const months = salesByMonth(
  [
    {
      month: '2026-11',
      kind: 'membership',
      plan: '月額会員',
      method: 'card',
      amountYen: 1100,
      count: 2,
      refunded: false,
      feeYen: null,
    },
    {
      month: '2026-10',
      kind: 'presale',
      plan: null,
      method: 'konbini',
      amountYen: 8800,
      count: 1,
      refunded: true,
      feeYen: null,
    },
  ] satisfies SalesEntry[],
  monthsOf({ from: '2025-12', to: '2026-11' }),
);

/** Text of the markup, tags dropped, for what a reader sees. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('SalesView', () => {
  it('shows twelve months with their total, an unknown fee as 「—」, and the CSV link for those months', () => {
    const html = renderToStaticMarkup(<SalesView months={months} selected={months[1]!} />);
    const text = textOf(html);
    expect(text).toContain('2026年11月 2件 1,100円 0円 — 不明 1,100円');
    expect(text).toContain('2026年10月 1件 8,800円 8,800円 — 不明 0円');
    expect(text).toContain('12か月合計 3件 9,900円 8,800円 — 不明 1,100円');
    expect(html.match(/<tbody>[\s\S]*?<\/tbody>/)![0].match(/<tr /g)).toHaveLength(12);
    expect(html).toContain('href="/api/staff/sales/export.csv?from=2025-12&amp;to=2026-11"');
    // The chosen month's rows by source.
    expect(text).toContain('2026年10月の内訳');
    expect(text).toContain('先行チケット — コンビニ 1件 8,800円 8,800円');
  });

  it('says so for a month without sales', () => {
    const html = renderToStaticMarkup(<SalesView months={months} selected={months[5]!} />);
    expect(textOf(html)).toContain('この月の売上はありません。');
  });
});

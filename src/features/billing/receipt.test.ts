import { describe, expect, it } from 'vitest';
import { consumptionTaxOf, receiptNumberOf } from '@/features/billing/receipt';

describe('receipts', () => {
  it('shows the 10% consumption tax inside a tax-included price, rounded down', () => {
    expect(consumptionTaxOf(550)).toBe(50);
    expect(consumptionTaxOf(5500)).toBe(500);
    expect(consumptionTaxOf(660)).toBe(60);
    expect(consumptionTaxOf(999)).toBe(90);
    // floor(amount × 10 / 110) on the total: 1,100 is exactly 100; one yen less rounds down.
    expect(consumptionTaxOf(1100)).toBe(100);
    expect(consumptionTaxOf(1099)).toBe(99);
    expect(consumptionTaxOf(17_600)).toBe(1600);
    expect(consumptionTaxOf(0)).toBe(0);
  });

  it('numbers a receipt by the payment, the same every time, with the date in Japan', () => {
    const at = new Date('2026-11-25T16:00:00Z'); // 26 November in Japan
    expect(receiptNumberOf('in_sb_1', at)).toBe(receiptNumberOf('in_sb_1', at));
    expect(receiptNumberOf('in_sb_1', at)).toMatch(/^R20261126-[0-9A-F]{8}$/);
    expect(receiptNumberOf('in_sb_2', at)).not.toBe(receiptNumberOf('in_sb_1', at));
  });
});

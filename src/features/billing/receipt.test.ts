import { describe, expect, it } from 'vitest';
import { consumptionTaxOf, receiptNumberOf } from '@/features/billing/receipt';

describe('receipts', () => {
  it('shows the 10% consumption tax inside a tax-included price, rounded down', () => {
    expect(consumptionTaxOf(550)).toBe(50);
    expect(consumptionTaxOf(5500)).toBe(500);
    expect(consumptionTaxOf(660)).toBe(60);
    expect(consumptionTaxOf(999)).toBe(90);
  });

  it('numbers a receipt by the payment, the same every time, with the date in Japan', () => {
    const at = new Date('2026-11-25T16:00:00Z'); // 26 November in Japan
    expect(receiptNumberOf('in_sb_1', at)).toBe(receiptNumberOf('in_sb_1', at));
    expect(receiptNumberOf('in_sb_1', at)).toMatch(/^R20261126-[0-9A-F]{8}$/);
    expect(receiptNumberOf('in_sb_2', at)).not.toBe(receiptNumberOf('in_sb_1', at));
  });
});

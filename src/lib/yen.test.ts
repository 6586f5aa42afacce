import { describe, expect, it } from 'vitest';
import { formatYen, formatYenAmount } from '@/lib/yen';

describe('yen', () => {
  it('groups digits and adds the yen sign', () => {
    expect(formatYenAmount(0)).toBe('0円');
    expect(formatYenAmount(1100)).toBe('1,100円');
    expect(formatYenAmount(1234567)).toBe('1,234,567円');
  });

  it('shows a price tax included', () => {
    expect(formatYen(550)).toBe('550円（税込）');
    expect(formatYen(12000)).toBe('12,000円（税込）');
  });
});

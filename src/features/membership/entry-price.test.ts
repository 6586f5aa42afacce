import { describe, expect, it } from 'vitest';
import { cheapestPlan, formatEntryPrice } from '@/features/membership/entry-price';

describe('the price of joining shown beside a locked item', () => {
  it('is the cheapest offered plan per month, shown with its own interval, tax included', () => {
    const mio = [
      { interval: 'year', priceYen: 5500 },
      { interval: 'month', priceYen: 550 },
    ] as const;
    expect(cheapestPlan(mio)).toEqual({ interval: 'month', priceYen: 550 });
    expect(formatEntryPrice(cheapestPlan(mio)!)).toBe('月額 550円〜（税込）');
  });

  it('names a yearly plan when it is the cheapest, with the thousands separated', () => {
    const plans = [
      { interval: 'month', priceYen: 1200 },
      { interval: 'year', priceYen: 1100 },
    ] as const;
    expect(formatEntryPrice(cheapestPlan(plans)!)).toBe('年額 1,100円〜（税込）');
    expect(formatEntryPrice({ interval: 'month', priceYen: 12000 })).toBe('月額 12,000円〜（税込）');
  });

  it('is nothing when the site offers no plan', () => {
    expect(cheapestPlan([])).toBeNull();
  });
});

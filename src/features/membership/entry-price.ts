/** What joining costs at the least: the plan a locked item names beside its 「新規入会」. */
export interface EntryPrice {
  interval: 'month' | 'year';
  /** Yen, tax included (as plans are stored). */
  priceYen: number;
}

/**
 * The cheapest way in: the offered plan with the lowest price to pay at joining (the monthly 550 yen rather than the
 * yearly 5,500, however good a deal the year is), shown with its own interval: "月額 550円〜". null when the site
 * offers no plan.
 */
export function cheapestPlan(plans: readonly EntryPrice[]): EntryPrice | null {
  let best: EntryPrice | null = null;
  for (const plan of plans) {
    if (!best || plan.priceYen < best.priceYen) best = plan;
  }
  return best && { interval: best.interval, priceYen: best.priceYen };
}

/** "月額 550円〜（税込）": prices shown to consumers include tax (Japan's total-price display rule). */
export function formatEntryPrice(price: EntryPrice): string {
  const label = price.interval === 'month' ? '月額' : '年額';
  return `${label} ${new Intl.NumberFormat('ja-JP').format(price.priceYen)}円〜（税込）`;
}

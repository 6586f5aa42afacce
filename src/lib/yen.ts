const JA_NUMBER = new Intl.NumberFormat('ja-JP');

/** "1,100円": an amount in yen with Japanese digit grouping. */
export function formatYenAmount(amountYen: number): string {
  return `${JA_NUMBER.format(amountYen)}円`;
}

/** "550円（税込）": prices are shown tax included, as Japanese law asks of prices shown to consumers. */
export function formatYen(priceYen: number): string {
  return `${formatYenAmount(priceYen)}（税込）`;
}

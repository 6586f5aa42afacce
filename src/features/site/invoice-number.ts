/**
 * 適格請求書発行事業者の登録番号: "T" and 13 digits. For a company the digits are its 法人番号, whose first digit is a
 * check digit over the other twelve (法人番号の指定等に関する省令 第2条):
 *
 *   check = 9 − ((Σ_{n=1..12} Pn × Qn) mod 9)
 *
 * where Pn is the n-th digit of the 12-digit base counted from its least significant end and Qn is 1 for odd n, 2 for
 * even n. A mistyped digit or two swapped neighbours fail it, so a typo is refused where the configuration is
 * validated instead of being printed on every receipt.
 */
export const INVOICE_NUMBER_PATTERN = /^T\d{13}$/;

/** The check digit of a 12-digit base number (the digits after "T" and the check digit). */
export function invoiceCheckDigit(base: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n += 1) {
    const digit = Number(base[base.length - n]);
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/** Whether `value` is "T" + 13 digits whose first digit is the check digit of the other twelve. */
export function isInvoiceRegistrationNumber(value: string): boolean {
  if (!INVOICE_NUMBER_PATTERN.test(value)) return false;
  return Number(value[1]) === invoiceCheckDigit(value.slice(2));
}

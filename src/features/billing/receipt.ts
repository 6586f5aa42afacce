import { createHash } from 'node:crypto';
import { jstDay } from '@/lib/dates';

/** The consumption tax inside a tax-included price at 10%, rounded down (the usual on Japanese receipts). */
export function consumptionTaxOf(amountYen: number): number {
  return Math.floor((amountYen * 10) / 110);
}

/**
 * "R20261125-3F9A0C1D": the payment's date in Japan and a digest of its id, so that the number of one payment is
 * the same on every printing and no counter has to be kept.
 */
export function receiptNumberOf(paymentId: string, paidAt: Date): string {
  const jst = jstDay(paidAt).replaceAll('-', '');
  const digest = createHash('sha256').update(paymentId).digest('hex').slice(0, 8).toUpperCase();
  return `R${jst}-${digest}`;
}

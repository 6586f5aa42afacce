import { createHash } from 'node:crypto';
import { jstDay } from '@/lib/dates';

/** Every price here is of the standard rate; nothing sold (membership, tickets) is of the reduced 8%. */
export const TAX_RATE_PERCENT = 10;

/**
 * The consumption tax inside a tax-included amount at 10%, rounded down: floor(amount × 10 / 110). The invoice
 * system (適格請求書) allows one rounding per invoice and per rate, so it is applied to a receipt's total for the rate
 * (a receipt is one payment), never per item and summed.
 */
export function consumptionTaxOf(amountYen: number): number {
  return Math.floor((amountYen * TAX_RATE_PERCENT) / (100 + TAX_RATE_PERCENT));
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

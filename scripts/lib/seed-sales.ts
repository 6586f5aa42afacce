import { randomUUID } from 'node:crypto';
import { addDays, addMonths, subDays } from 'date-fns';
import type { Db } from '@/server/db/client';
import { oneOffPayments, sandboxKonbiniPayments, type plans } from '@/server/db/schema';

/** Months the expired demo member paid at the konbini before they took a card (the 売上 page's older months). */
export const KONBINI_MONTHS = 3;

/**
 * The expired demo member's first months, paid at the konbini one month at a time (docs/decisions/0026) before the
 * card subscription that followed: each voucher issued the day before its period and paid when the period began, in
 * our books and in the sandbox's, as the sandbox writes them. Returns when the first period began: their joining.
 */
export async function seedKonbiniMonths(
  tx: Db,
  siteId: string,
  memberId: string,
  plan: typeof plans.$inferSelect,
  cardFrom: Date,
): Promise<Date> {
  const first = addMonths(cardFrom, -KONBINI_MONTHS);
  for (let start = first; start < cardFrom; start = addMonths(start, 1)) {
    const issued = subDays(start, 1);
    const id = randomUUID();
    const providerPaymentId = `pi_sb_${id.replaceAll('-', '')}`; // as the sandbox names a voucher of that attempt
    const numbers = { paymentNumber: `${start.getTime()}`.slice(-11), confirmationNumber: '123456' };
    await tx.insert(sandboxKonbiniPayments).values({
      id: providerPaymentId,
      siteId,
      memberId,
      attemptId: id,
      amountYen: plan.priceYen,
      status: 'succeeded',
      ...numbers,
      expiresAt: addDays(issued, 3),
      paidAt: start,
      createdAt: issued,
    });
    await tx.insert(oneOffPayments).values({
      id,
      siteId,
      memberId,
      purpose: 'membership',
      planId: plan.id,
      method: 'konbini',
      provider: 'sandbox',
      amountYen: plan.priceYen,
      status: 'paid',
      providerPaymentId,
      ...numbers,
      expiresAt: addDays(issued, 3),
      paidAt: start,
      periodStart: start,
      periodEnd: addMonths(start, 1),
      createdAt: issued,
    });
  }
  return first;
}

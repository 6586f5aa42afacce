import 'server-only';
import { addMonths, addYears, max } from 'date-fns';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { oneOffPayments, plans, presaleApplications, subscriptions } from '@/server/db/schema';
import type { KonbiniState, PaymentProvider } from '@/server/payments/types';
import { joinMember } from '@/features/membership/server';
import { notify } from '@/features/notices/server';
import { recordPresalePaid } from '@/features/billing/server/presale-payments';
import { lockNamedAttempt } from '@/features/billing/server/presale-record';

export type OneOffPayment = typeof oneOffPayments.$inferSelect;

/** Within a transaction: the konbini payment as the provider has it now, no other writer of it until commit. */
export async function lockAndRetrieveKonbini(
  tx: Db,
  provider: Pick<PaymentProvider, 'retrieveKonbini'>,
  paymentId: string,
): Promise<KonbiniState | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${paymentId}))`);
  return provider.retrieveKonbini(paymentId, tx);
}

/**
 * Writes the provider's state of a konbini payment and what follows from it, in the caller's transaction: the
 * voucher's numbers once issued; on payment, the period it pays for (recordKonbiniPaid, the one place a konbini
 * payment is recorded); expiry. A paid state wins over an expiry we wrote (the money arrived: it is granted).
 */
export async function applyKonbiniState(
  tx: Db,
  state: KonbiniState,
  at: Date,
): Promise<OneOffPayment | null> {
  const row = await lockNamedAttempt(tx, state, 'konbini payment');
  if (!row) return null;
  if (row.status === 'paid' || row.status === 'refunded') return row;
  if (state.status === 'paid' && (row.purpose === 'presale' || row.purpose === 'resale')) {
    return recordPresalePaid(tx, row, {
      providerPaymentId: state.providerPaymentId,
      paidAt: state.paidAt ?? at,
      voucher: {
        paymentNumber: state.paymentNumber ?? row.paymentNumber,
        confirmationNumber: state.confirmationNumber ?? row.confirmationNumber,
        expiresAt: state.expiresAt ?? row.expiresAt,
      },
    });
  }
  if (state.status === 'paid') return recordKonbiniPaid(tx, row, state, state.paidAt ?? at);
  const voucher = {
    providerPaymentId: state.providerPaymentId,
    paymentNumber: state.paymentNumber,
    confirmationNumber: state.confirmationNumber,
    expiresAt: state.expiresAt,
  };
  // A voucher we cancelled (a presale refunded, a card that paid the same period) stays `canceled` when the provider's
  // word of that cancellation (expired, to it) arrives after our write, as Stripe's webhook may.
  const expired = state.status === 'expired' && row.status !== 'canceled';
  const status = expired ? 'expired' : row.status === 'issuing' ? 'pending' : row.status;
  if (status === row.status && row.providerPaymentId) return row;
  const [updated] = await tx
    .update(oneOffPayments)
    .set({ ...voucher, status })
    .where(eq(oneOffPayments.id, row.id))
    .returning();
  if (status === 'pending' && row.status === 'issuing') await voucherIssued(tx, updated ?? row);
  return updated ?? row;
}

/**
 * A voucher was issued: the fan's mail and notice with its numbers and deadline (issue 22), once per payment; for a
 * presale win, the deadline is the win's (docs/decisions/0032).
 */
async function voucherIssued(tx: Db, row: OneOffPayment): Promise<void> {
  if (!row.paymentNumber || !row.expiresAt) return;
  let purpose = '会費';
  if (row.purpose === 'presale') {
    await tx
      .update(presaleApplications)
      .set({ paymentDueAt: row.expiresAt })
      .where(
        and(eq(presaleApplications.id, row.presaleApplicationId!), eq(presaleApplications.status, 'won')),
      );
    purpose = 'チケット代金';
  } else if (row.purpose === 'resale') {
    purpose = 'リセールチケット代金';
  } else if (row.planId) {
    const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, row.planId));
    purpose = plan ? `${plan.name}の会費` : purpose;
  }
  await notify(tx, {
    siteId: row.siteId,
    memberId: row.memberId,
    kind: 'konbini-voucher',
    key: `konbini-voucher:${row.id}`,
    data: {
      purpose,
      amountYen: row.amountYen,
      paymentNumber: row.paymentNumber,
      confirmationNumber: row.confirmationNumber,
      expiresAt: row.expiresAt.toISOString(),
    },
  });
}

/**
 * A konbini payment arrived: the membership period it pays for starts now, or when the member's konbini period
 * running now ends (paying the next period early loses nothing). The period is a subscription row of method
 * `konbini` that does not renew (cancelAtPeriodEnd), so every status rule reads it as it reads a card's.
 */
async function recordKonbiniPaid(
  tx: Db,
  row: OneOffPayment,
  state: KonbiniState,
  paidAt: Date,
): Promise<OneOffPayment> {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, row.planId!));
  const [running] = await tx
    .select({
      end: sql<Date | null>`max(${subscriptions.currentPeriodEnd})`.mapWith(subscriptions.currentPeriodEnd),
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.memberId, row.memberId),
        eq(subscriptions.method, 'konbini'),
        gt(subscriptions.currentPeriodEnd, paidAt),
        inArray(subscriptions.status, ['active']),
      ),
    );
  const start = running?.end ? max([running.end, paidAt]) : paidAt;
  const end = plan!.interval === 'year' ? addYears(start, 1) : addMonths(start, 1);
  const [paid] = await tx
    .update(oneOffPayments)
    .set({
      status: 'paid',
      paidAt,
      periodStart: start,
      periodEnd: end,
      providerPaymentId: state.providerPaymentId,
      paymentNumber: state.paymentNumber ?? row.paymentNumber,
      confirmationNumber: state.confirmationNumber ?? row.confirmationNumber,
      expiresAt: state.expiresAt ?? row.expiresAt,
    })
    .where(eq(oneOffPayments.id, row.id))
    .returning();
  await tx
    .insert(subscriptions)
    .values({
      siteId: row.siteId,
      memberId: row.memberId,
      planId: row.planId!,
      provider: row.provider,
      providerSubscriptionId: `konbini_${row.id}`,
      method: 'konbini',
      status: 'active',
      currentPeriodEnd: end,
      cancelAtPeriodEnd: true,
    })
    .onConflictDoNothing();
  await joinMember(tx, row.memberId, paidAt);
  await notify(tx, {
    siteId: row.siteId,
    memberId: row.memberId,
    kind: 'payment-succeeded',
    key: `payment:konbini:${row.id}`,
    data: {
      planName: plan!.name,
      amountYen: row.amountYen,
      paidUntil: end.toISOString(),
      receiptId: row.id,
    },
  });
  return paid!;
}

/** Reads the konbini payment from the provider and applies it, in one transaction under its lock. */
export async function completeKonbini(
  db: Db,
  provider: Pick<PaymentProvider, 'retrieveKonbini' | 'now'>,
  paymentId: string,
  siteId: string,
): Promise<OneOffPayment | null> {
  const at = await provider.now(siteId);
  return db.transaction(async (tx) => {
    const state = await lockAndRetrieveKonbini(tx, provider, paymentId);
    return state ? applyKonbiniState(tx, state, at) : null;
  });
}

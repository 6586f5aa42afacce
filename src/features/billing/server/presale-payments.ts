import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { oneOffPayments, presaleApplications } from '@/server/db/schema';
import { CardError, type PaymentProvider } from '@/server/payments/types';
import { notify } from '@/features/notices/server';
import { awaitAuthentication, completeCardCharge } from './card-action';
import {
  CARD_GRACE_MS,
  payTarget,
  recordPresalePaid,
  titleOf,
  type OneOffPayment,
  type WinToPay,
} from './presale-record';

export { CARD_GRACE_MS, recordPresalePaid, type OneOffPayment, type WinToPay };

/** The application's payment rows, newest first. */
export function paymentsOf(db: Db, applicationId: string): Promise<OneOffPayment[]> {
  return db
    .select()
    .from(oneOffPayments)
    .where(eq(oneOffPayments.presaleApplicationId, applicationId))
    .orderBy(desc(oneOffPayments.createdAt));
}

/** A resale match's payment rows, newest first (docs/decisions/0049). */
export function resalePaymentsOf(db: Db, matchId: string): Promise<OneOffPayment[]> {
  return db
    .select()
    .from(oneOffPayments)
    .where(eq(oneOffPayments.resaleMatchId, matchId))
    .orderBy(desc(oneOffPayments.createdAt));
}

/** The payment rows of what `win` pays for: its application's, or its resale match's. */
export function paymentsFor(db: Db, win: Pick<WinToPay, 'applicationId' | 'resaleMatchId'>) {
  return win.resaleMatchId ? resalePaymentsOf(db, win.resaleMatchId) : paymentsOf(db, win.applicationId);
}

/**
 * Charges the win on the fan's saved card, once. The attempt row is written (committed) before the provider is
 * called and its id is the idempotency key: two instances, a retry or a crash in the middle reach the same row (the
 * partial unique index allows one open or paid payment per application) and the provider charges once. `first`: the
 * results time's automatic charge, made only if the application never had a payment (a refused card is not tried
 * again by the job; the fan pays again from My page). A refused card: the attempt `failed`, the win stays `won`
 * with 48 hours to pay (once: a later refusal keeps the deadline), and the fan's mail.
 */
export async function chargeWinByCard(
  db: Db,
  provider: PaymentProvider,
  win: WinToPay,
  options: { first: boolean },
): Promise<OneOffPayment | null> {
  const target = payTarget(win);
  await db.execute(sql`
    insert into one_off_payments
      (site_id, member_id, purpose, method, provider, amount_yen, presale_application_id, resale_match_id)
    select ${win.siteId}, ${win.memberId}, ${target.purpose}, 'card', ${provider.kind}, ${win.amountYen},
      ${target.applicationId}, ${target.matchId}
    where ${!options.first} or not exists
      (select 1 from one_off_payments where presale_application_id = ${win.applicationId})
    on conflict do nothing`);
  const [latest] = await paymentsFor(db, win);
  if (!latest || latest.status !== 'issuing' || latest.method !== 'card') return latest ?? null;
  const at = await provider.now(win.siteId);
  try {
    if (!win.customerId) throw new CardError('card_declined', 'no_card');
    const charged = await provider.chargeSavedCard({
      siteId: win.siteId,
      memberId: win.memberId,
      customerId: win.customerId,
      amountYen: latest.amountYen,
      description: win.description,
      attemptId: latest.id,
    });
    // The card company asks for 3-D Secure: the same charge waits for the fan (docs/decisions/0047).
    if (charged.status === 'requires_action') {
      return await db.transaction((tx) => awaitAuthentication(tx, latest, charged.providerPaymentId, at));
    }
    return await db.transaction((tx) => recordPresalePaid(tx, latest, charged));
  } catch (error) {
    if (!(error instanceof CardError)) throw error;
    return db.transaction(async (tx) => {
      const [failed] = await tx
        .update(oneOffPayments)
        .set({ status: 'failed', failureCode: error.declineCode ?? error.code })
        .where(and(eq(oneOffPayments.id, latest.id), eq(oneOffPayments.status, 'issuing')))
        .returning();
      const [graced] = await tx
        .update(presaleApplications)
        .set({ paymentDueAt: new Date(at.getTime() + CARD_GRACE_MS), updatedAt: at })
        .where(
          and(
            eq(presaleApplications.id, win.applicationId),
            eq(presaleApplications.status, 'won'),
            sql`${presaleApplications.paymentDueAt} is null`,
          ),
        )
        .returning({ dueAt: presaleApplications.paymentDueAt });
      if (graced?.dueAt) {
        const { title, receiptNo } = await titleOf(tx, win.applicationId);
        await notify(tx, {
          siteId: win.siteId,
          memberId: win.memberId,
          kind: 'presale-card-failed',
          key: `presale-card-failed:${win.applicationId}`,
          data: { title, receiptNo, amountYen: latest.amountYen, dueAt: graced.dueAt.toISOString() },
        });
      }
      return failed ?? latest;
    });
  }
}

/**
 * Gives back what was paid for an application (the event's cancellation, or money that arrived after a lapse):
 * the provider refunds once (its idempotency key is the payment), then the row is `refunded`. An unpaid voucher is
 * cancelled at the provider; one paid meanwhile is recorded paid and refunded by the next call.
 */
export async function settleForRefund(db: Db, provider: PaymentProvider, row: OneOffPayment): Promise<void> {
  if (row.status === 'paid' && row.providerPaymentId) {
    await provider.refundOneOff(row.providerPaymentId, row.siteId);
    const at = await provider.now(row.siteId);
    await db
      .update(oneOffPayments)
      .set({ status: 'refunded', refundedAt: at })
      .where(and(eq(oneOffPayments.id, row.id), eq(oneOffPayments.status, 'paid')));
  } else if (row.status === 'pending' && row.providerPaymentId && row.method === 'card') {
    // A charge waiting for 3-D Secure is given up; one the fan authenticated first is paid, and the next call refunds it.
    await provider.cancelCardCharge(row.providerPaymentId, row.siteId);
    await completeCardCharge(db, provider, row.providerPaymentId, row.siteId);
  } else if (row.status === 'pending' && row.providerPaymentId) {
    const state = await provider.cancelKonbini(row.providerPaymentId);
    if (state?.status === 'paid') {
      // Stripe's intent does not say when it was paid (the sandbox does): then it is recorded paid as of now.
      const paidAt = state.paidAt ?? (await provider.now(row.siteId));
      await db.transaction((tx) =>
        recordPresalePaid(tx, row, { providerPaymentId: state.providerPaymentId, paidAt }),
      );
      return;
    }
    await db
      .update(oneOffPayments)
      .set({ status: 'canceled' })
      .where(and(eq(oneOffPayments.id, row.id), inArray(oneOffPayments.status, ['pending', 'expired'])));
  }
}

import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { oneOffPayments, presaleApplications, presales } from '@/server/db/schema';
import type { CardChargeState, PaymentProvider } from '@/server/payments/types';
import { notify } from '@/features/notices/server';
import {
  CARD_GRACE_MS,
  lockNamedAttempt,
  recordPresalePaid,
  titleOf,
  type OneOffPayment,
} from './presale-record';

/**
 * A presale win's card charge that the card company holds for the fan's 3-D Secure authentication
 * (docs/decisions/0047). The payment row is `pending` (method card) while the provider's charge waits: it is the one
 * open payment of the application (the partial unique index), so paying again cannot start a second charge, and
 * whatever reports the outcome first (the fan's return, the provider's event, the deadline's cancellation) writes it
 * once under the charge's lock.
 */

/** The row waits for the fan: `pending`, the win's deadline (set once, as a refusal's) and the fan's mail. */
export async function awaitAuthentication(
  tx: Db,
  row: OneOffPayment,
  providerPaymentId: string,
  at: Date,
): Promise<OneOffPayment> {
  const [waiting] = await tx
    .update(oneOffPayments)
    .set({ status: 'pending', providerPaymentId, failureCode: 'authentication_required' })
    .where(and(eq(oneOffPayments.id, row.id), eq(oneOffPayments.status, 'issuing')))
    .returning();
  if (!waiting) return row;
  await tx
    .update(presaleApplications)
    .set({ paymentDueAt: new Date(at.getTime() + CARD_GRACE_MS), updatedAt: at })
    .where(
      and(
        eq(presaleApplications.id, row.presaleApplicationId!),
        eq(presaleApplications.status, 'won'),
        isNull(presaleApplications.paymentDueAt),
      ),
    );
  const [application] = await tx
    .select({ dueAt: presaleApplications.paymentDueAt, presaleId: presaleApplications.presaleId })
    .from(presaleApplications)
    .where(eq(presaleApplications.id, row.presaleApplicationId!));
  if (application?.dueAt) {
    const { title, receiptNo } = await titleOf(tx, row.presaleApplicationId!);
    await notify(tx, {
      siteId: row.siteId,
      memberId: row.memberId,
      kind: 'presale-card-action',
      key: `presale-card-action:${row.id}`,
      data: {
        title,
        receiptNo,
        amountYen: row.amountYen,
        dueAt: application.dueAt.toISOString(),
        presaleId: application.presaleId,
      },
    });
  }
  return waiting;
}

/**
 * Writes the provider's state of a card charge, in the caller's transaction: paid (recordPresalePaid, the one place
 * a win becomes paid), still waiting, refused or given up. A paid row stays paid whatever arrives after it.
 */
export async function applyCardChargeState(
  tx: Db,
  state: CardChargeState,
  at: Date,
): Promise<OneOffPayment | null> {
  const row = await lockNamedAttempt(tx, state, 'card charge', 'card');
  if (!row) return null;
  if (row.status === 'paid' || row.status === 'refunded') return row;
  if (state.status === 'succeeded') {
    return recordPresalePaid(tx, row, {
      providerPaymentId: state.providerPaymentId,
      paidAt: state.paidAt ?? at,
    });
  }
  if (state.status === 'requires_action') {
    return awaitAuthentication(tx, row, state.providerPaymentId, at);
  }
  const [ended] = await tx
    .update(oneOffPayments)
    .set({
      status: state.status === 'canceled' ? 'canceled' : 'failed',
      providerPaymentId: state.providerPaymentId,
      failureCode: state.failureCode ?? row.failureCode,
    })
    .where(and(eq(oneOffPayments.id, row.id), inArray(oneOffPayments.status, ['issuing', 'pending'])))
    .returning();
  return ended ?? row;
}

/** Reads the card charge from the provider and applies it, in one transaction under the charge's lock. */
export async function completeCardCharge(
  db: Db,
  provider: Pick<PaymentProvider, 'retrieveCardCharge' | 'now'>,
  providerPaymentId: string,
  siteId: string,
): Promise<OneOffPayment | null> {
  const at = await provider.now(siteId);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${providerPaymentId}))`);
    const state = await provider.retrieveCardCharge(providerPaymentId, tx);
    return state ? applyCardChargeState(tx, state, at) : null;
  });
}

/** The fan's win whose card charge waits for authentication: the row and the presale it is of (null if none). */
export async function waitingCharge(db: Db, siteId: string, memberId: string, presaleId: string) {
  const [found] = await db
    .select({ payment: oneOffPayments, dueAt: presaleApplications.paymentDueAt })
    .from(oneOffPayments)
    .innerJoin(presaleApplications, eq(presaleApplications.id, oneOffPayments.presaleApplicationId))
    .innerJoin(presales, eq(presales.id, presaleApplications.presaleId))
    .where(
      and(
        eq(presales.id, presaleId),
        eq(presales.siteId, siteId),
        eq(oneOffPayments.memberId, memberId),
        eq(oneOffPayments.method, 'card'),
        eq(oneOffPayments.status, 'pending'),
      ),
    );
  return found ?? null;
}

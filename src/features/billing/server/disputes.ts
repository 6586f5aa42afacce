import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { members, oneOffPayments, paymentDisputes } from '@/server/db/schema';
import type { DisputeState, PaymentProviderKind } from '@/server/payments/types';
import { formatMemberNumber } from '@/features/membership/server';
import { notifyOwners } from '@/features/notices/server';

export type PaymentDispute = typeof paymentDisputes.$inferSelect;

/** Whose payment the provider's dispute is: our presale payment row, else the member the card customer is. */
async function disputedPayment(tx: Db, state: DisputeState) {
  if (state.providerPaymentId) {
    const [own] = await tx
      .select()
      .from(oneOffPayments)
      .where(eq(oneOffPayments.providerPaymentId, state.providerPaymentId));
    if (own) {
      return { siteId: own.siteId, memberId: own.memberId, purpose: own.purpose, oneOffPaymentId: own.id };
    }
  }
  if (!state.customerId) return null;
  const [member] = await tx
    .select({ id: members.id, siteId: members.siteId })
    .from(members)
    .where(eq(members.billingCustomerId, state.customerId));
  return member
    ? { siteId: member.siteId, memberId: member.id, purpose: 'membership' as const, oneOffPaymentId: null }
    : null;
}

/**
 * A chargeback, written as the provider has it now (docs/decisions/0047): the payment is marked (one row per
 * dispute), the owners get a mail when it opens and when the card company decides, and nothing else changes: the
 * membership and the ticket stay as they are until staff decide. Answers whether it was ours.
 */
export async function applyDisputeState(
  tx: Db,
  provider: PaymentProviderKind,
  state: DisputeState,
  at: Date,
): Promise<boolean> {
  const payment = await disputedPayment(tx, state);
  if (!payment) {
    console.warn(`billing: dispute ${state.providerDisputeId} is of no payment of ours`);
    return false;
  }
  const closedAt = state.status === 'open' ? null : at;
  const [before] = await tx
    .select({ status: paymentDisputes.status })
    .from(paymentDisputes)
    .where(eq(paymentDisputes.providerDisputeId, state.providerDisputeId))
    .for('update');
  await tx
    .insert(paymentDisputes)
    .values({
      ...payment,
      provider,
      providerDisputeId: state.providerDisputeId,
      providerPaymentId: state.providerPaymentId,
      amountYen: state.amountYen,
      reason: state.reason,
      status: state.status,
      providerStatus: state.providerStatus,
      openedAt: state.openedAt,
      closedAt,
    })
    .onConflictDoUpdate({
      target: paymentDisputes.providerDisputeId,
      // A decision is final: a late event of the open dispute does not reopen it.
      set: {
        status: sql`case when ${paymentDisputes.status} = 'open' then ${state.status} else ${paymentDisputes.status} end`,
        providerStatus: state.providerStatus,
        closedAt: sql`coalesce(${paymentDisputes.closedAt}, ${closedAt?.toISOString() ?? null}::timestamptz)`,
        updatedAt: at,
      },
    });
  const [member] = await tx
    .select({ memberNumber: members.memberNumber })
    .from(members)
    .where(eq(members.id, payment.memberId));
  const data = {
    purpose: payment.purpose,
    amountYen: state.amountYen,
    reason: state.reason,
    memberNumber: member?.memberNumber != null ? formatMemberNumber(member.memberNumber) : null,
    memberId: payment.memberId,
  };
  if (!before) {
    await notifyOwners(tx, {
      siteId: payment.siteId,
      kind: 'payment-disputed',
      key: `dispute-opened:${state.providerDisputeId}`,
      data: { ...data, status: 'open' },
    });
  }
  if (state.status !== 'open' && before?.status !== state.status) {
    await notifyOwners(tx, {
      siteId: payment.siteId,
      kind: 'payment-disputed',
      key: `dispute-closed:${state.providerDisputeId}`,
      data: { ...data, status: state.status },
    });
  }
  return true;
}

/** A site's disputes, newest first (the sales page), or one member's (their console page). */
export function disputesOf(db: Db, siteId: string, memberId?: string): Promise<PaymentDispute[]> {
  return db
    .select()
    .from(paymentDisputes)
    .where(
      and(eq(paymentDisputes.siteId, siteId), memberId ? eq(paymentDisputes.memberId, memberId) : undefined),
    )
    .orderBy(desc(paymentDisputes.openedAt))
    .limit(200);
}

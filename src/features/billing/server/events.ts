import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { billingEvents, members, paymentAttempts, plans, subscriptions } from '@/server/db/schema';
import type { BillingEvent, PaymentProvider, SubscriptionState } from '@/server/payments/types';
import { joinMember } from '@/features/membership/server';
import { applyKonbiniState, lockAndRetrieveKonbini } from '@/features/billing/server/konbini-apply';
import { applyCardChargeState } from '@/features/billing/server/card-action';
import { applyDisputeState } from '@/features/billing/server/disputes';
import { noticeSubscriptionChange, subscriptionBefore } from '@/features/notices/server';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one provider event, exactly once, whatever order events arrive in:
 * - the event id is recorded in the same transaction as its effect, so a redelivery (even a concurrent one, which
 *   waits on the id's key) finds it and changes nothing;
 * - the event's own payload is not trusted to be the latest: under a per-subscription lock the subscription is read
 *   from the provider as it is now, so the last event applied always writes the real state.
 */
export async function handleBillingEvent(
  db: Db,
  provider: Pick<
    PaymentProvider,
    'kind' | 'retrieveSubscription' | 'retrieveKonbini' | 'retrieveCardCharge' | 'retrieveDispute'
  >,
  event: BillingEvent,
): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ provider: provider.kind, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: billingEvents.eventId });
    if (!fresh) return 'duplicate';
    if (event.chargeId) {
      // A presale card charge's 3-D Secure outcome (docs/decisions/0047), read again under its lock.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${event.chargeId}))`);
      const charge = await provider.retrieveCardCharge(event.chargeId, tx);
      if (!charge) return 'ignored';
      return (await applyCardChargeState(tx, charge, event.created)) ? 'applied' : 'ignored';
    }
    if (event.disputeId) {
      const dispute = await provider.retrieveDispute(event.disputeId, tx);
      if (!dispute) return 'ignored';
      return (await applyDisputeState(tx, provider.kind, dispute, event.created)) ? 'applied' : 'ignored';
    }
    if (event.paymentId) {
      const payment = await lockAndRetrieveKonbini(tx, provider, event.paymentId);
      if (!payment) return 'ignored';
      return (await applyKonbiniState(tx, payment, event.created)) ? 'applied' : 'ignored';
    }
    if (!event.subscriptionId) return 'ignored';
    const state = await lockAndRetrieve(tx, provider, event.subscriptionId);
    if (!state) return 'ignored';
    return (await applySubscriptionState(tx, provider.kind, state, event.created)) ? 'applied' : 'ignored';
  });
}

/** Within a transaction: the subscription as the provider has it now, with no other writer of it until commit. */
export async function lockAndRetrieve(
  tx: Db,
  provider: Pick<PaymentProvider, 'retrieveSubscription'>,
  subscriptionId: string,
): Promise<SubscriptionState | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${subscriptionId}))`);
  return provider.retrieveSubscription(subscriptionId, tx);
}

/** What we write of a state: a subscription nobody paid for is `incomplete` here, whatever the provider says. */
export function effectiveStatus(state: SubscriptionState): SubscriptionState['status'] {
  const running = state.status === 'active' || state.status === 'past_due' || state.status === 'unpaid';
  return running && !state.paid ? 'incomplete' : state.status;
}

/**
 * Writes the provider's state of a subscription and, in the same transaction, what follows from it: the member
 * joins (once) when it is paid, the payment attempt that made it is settled, and a leaving member's reason is kept.
 * A state whose metadata names no member or plan of that site is ignored: metadata is ours, but it is checked.
 */
export async function applySubscriptionState(
  db: Db,
  provider: PaymentProvider['kind'],
  state: SubscriptionState,
  /** When it happened at the provider (the sandbox's test clock may run ahead): the join date, if this joins. */
  at = new Date(),
): Promise<boolean> {
  const [owner] = await db
    .select({ memberId: members.id, planId: plans.id })
    .from(members)
    .innerJoin(plans, and(eq(plans.siteId, members.siteId), eq(plans.id, state.planId)))
    .where(and(eq(members.id, state.memberId), eq(members.siteId, state.siteId)));
  if (!owner) {
    console.warn(`billing: subscription ${state.providerSubscriptionId} names no member or plan of its site`);
    return false;
  }
  const status = effectiveStatus(state);
  const before = await subscriptionBefore(db, state.providerSubscriptionId);
  const leaving = state.cancelAtPeriodEnd || status === 'canceled';
  const values = {
    planId: state.planId,
    status,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    canceledAt: state.canceledAt,
    pendingPlanId: state.pendingPlanId,
    // The reason comes with the cancellation itself, so the two are never written apart; one given only to us
    // before (an older cancellation) is kept, and taking leaving back clears it.
    cancelReason: leaving ? sql`coalesce(${state.cancelReason}, ${subscriptions.cancelReason})` : null,
    // Where its run of paid periods begins for 会員歴 (docs/decisions/0052): the first time it is seen paid.
    paidFrom: state.paid
      ? sql`coalesce(${subscriptions.paidFrom}, ${at.toISOString()}::timestamptz)`
      : sql`${subscriptions.paidFrom}`,
  };
  await db
    .insert(subscriptions)
    .values({
      ...values,
      cancelReason: leaving ? state.cancelReason : null,
      paidFrom: state.paid ? at : null,
      siteId: state.siteId,
      memberId: state.memberId,
      provider,
      providerSubscriptionId: state.providerSubscriptionId,
    })
    .onConflictDoUpdate({
      target: subscriptions.providerSubscriptionId,
      set: { ...values, updatedAt: new Date() },
    });
  if (state.paid && (status === 'active' || status === 'trialing')) await joinMember(db, state.memberId, at);
  // The mails and お知らせ this change causes, committed with it or not at all (docs/decisions/0028).
  await noticeSubscriptionChange(db, before, state, status);
  if (!state.paid) return true;
  if (state.attemptId) await settleAttempt(db, state, 'succeeded');
  return true;
}

/** Closes the open attempt that made this subscription (an attempt id from metadata is checked against the member). */
export async function settleAttempt(
  db: Db,
  state: Pick<SubscriptionState, 'attemptId' | 'memberId' | 'providerSubscriptionId'>,
  status: 'succeeded' | 'refunded',
): Promise<void> {
  if (!state.attemptId) return;
  await db
    .update(paymentAttempts)
    .set({ status, providerSubscriptionId: state.providerSubscriptionId, settledAt: new Date() })
    .where(
      and(
        sql`${paymentAttempts.id}::text = ${state.attemptId}`,
        eq(paymentAttempts.memberId, state.memberId),
        sql`${paymentAttempts.status} in ('open', 'abandoned')`,
      ),
    );
}

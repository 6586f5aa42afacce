import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { billingEvents, members, plans, subscriptions } from '@/server/db/schema';
import type { BillingEvent, PaymentProvider, SubscriptionState } from '@/server/payments/types';
import { joinMember } from '@/features/membership/server/members';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one provider event, exactly once, whatever order events arrive in:
 * - the event id is recorded in the same transaction as its effect, so a redelivery (even a concurrent one, which
 *   waits on the id's key) finds it and changes nothing;
 * - the event's own payload is not trusted to be the latest: under a per-subscription lock the subscription is read
 *   from the provider as it is now, so the last event applied always writes the real state.
 * The sandbox hands over the state it has just written (`state`), read in the same way.
 */
export async function handleBillingEvent(
  db: Db,
  provider: Pick<PaymentProvider, 'kind' | 'retrieveSubscription'>,
  event: BillingEvent & { state?: SubscriptionState },
): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ provider: provider.kind, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: billingEvents.eventId });
    if (!fresh) return 'duplicate';
    if (!event.subscriptionId) return 'ignored';
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${event.subscriptionId}))`);
    const state = event.state ?? (await provider.retrieveSubscription(event.subscriptionId));
    if (!state) return 'ignored';
    return (await applySubscriptionState(tx, provider.kind, state, event.created)) ? 'applied' : 'ignored';
  });
}

/**
 * Writes the provider's state of a subscription, and makes its member join (once) when it is paid. A state whose
 * metadata names no member or plan of that site is ignored: metadata is ours, but it is checked, not trusted.
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
  const values = {
    planId: state.planId,
    status: state.status,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    canceledAt: state.canceledAt,
  };
  await db
    .insert(subscriptions)
    .values({
      ...values,
      siteId: state.siteId,
      memberId: state.memberId,
      provider,
      providerSubscriptionId: state.providerSubscriptionId,
    })
    .onConflictDoUpdate({
      target: subscriptions.providerSubscriptionId,
      set: { ...values, updatedAt: new Date() },
    });
  if (state.status === 'active' || state.status === 'trialing') await joinMember(db, state.memberId, at);
  return true;
}

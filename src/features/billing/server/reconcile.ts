import 'server-only';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { members, paymentAttempts, plans, subscriptions } from '@/server/db/schema';
import type { PaymentProvider, SubscriptionState } from '@/server/payments/types';
import { settleAttempt } from '@/features/billing/server/events';
import { reconcileKonbini } from '@/features/billing/server/konbini';
import { abandonAttempt, completeSubscription, settleOpenAttempt } from '@/features/billing/server/attempts';

/** How far back the provider's subscriptions are compared with ours. */
const LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
/** An open attempt younger than this may still be in flight (a request running now): left alone. */
const SETTLE_AFTER_MS = 60 * 1000;
/**
 * An attempt with nothing paid is given up after this long: the sandbox answers at once, so an hour is plenty; with
 * Stripe the browser may confirm until the incomplete subscription expires (23 hours).
 */
const ABANDON_AFTER_MS = { sandbox: 60 * 60 * 1000, stripe: 24 * 60 * 60 * 1000 };

export interface ReconcileReport {
  delivered: number;
  completed: number;
  refunded: number;
  abandoned: number;
}

/** Why a paid subscription missing from our books cannot become a membership, or null when it can. */
async function refusalOf(db: Db, state: SubscriptionState): Promise<string | null> {
  const [owner] = await db
    .select({ id: members.id, customerId: members.billingCustomerId })
    .from(members)
    .innerJoin(plans, and(eq(plans.siteId, members.siteId), eq(plans.id, state.planId)))
    .where(and(eq(members.id, state.memberId), eq(members.siteId, state.siteId)));
  if (!owner) return 'no member or plan of its site';
  if (owner.customerId !== null && owner.customerId !== state.customerId) return 'another customer';
  const [other] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.memberId, state.memberId),
        ne(subscriptions.providerSubscriptionId, state.providerSubscriptionId),
        // A konbini period stays `active` after its end (it never renews): it is not a second card payment.
        eq(subscriptions.method, 'card'),
        sql`${subscriptions.status} in ('active', 'trialing', 'past_due')`,
      ),
    )
    .limit(1);
  return other ? 'the member already pays for another' : null;
}

/**
 * Compares the provider's records with ours and finishes what a crash, an outage or a lost answer left half-done
 * (docs/decisions/0018): a paid subscription we never wrote is completed (the member joins), or refunded when it
 * cannot be (a second charge, a member who is gone); an open attempt is completed when the provider was paid for
 * it and given up when it charged nothing. Every step is idempotent, so instances may run it at once.
 */
export async function reconcilePayments(
  db: Db,
  provider: PaymentProvider & { deliverPending?: () => Promise<number> },
  now = new Date(),
): Promise<ReconcileReport> {
  const report: ReconcileReport = { delivered: 0, completed: 0, refunded: 0, abandoned: 0 };
  if (provider.deliverPending) report.delivered = await provider.deliverPending();

  for (const state of await provider.listRecentSubscriptions(new Date(now.getTime() - LOOKBACK_MS))) {
    if (!state.paid) continue;
    const [ours] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, state.providerSubscriptionId));
    if (ours) continue;
    const refusal = await refusalOf(db, state);
    if (refusal === null) {
      await completeSubscription(db, provider, state.providerSubscriptionId);
      report.completed += 1;
      continue;
    }
    console.warn(`billing: refunding ${state.providerSubscriptionId}: ${refusal}`);
    await provider.refundSubscription(state.providerSubscriptionId);
    await settleAttempt(db, state, 'refunded');
    report.refunded += 1;
  }

  const open = await db
    .select({ attempt: paymentAttempts, customerId: members.billingCustomerId })
    .from(paymentAttempts)
    .innerJoin(members, eq(members.id, paymentAttempts.memberId))
    .where(
      and(
        eq(paymentAttempts.status, 'open'),
        lt(paymentAttempts.createdAt, new Date(now.getTime() - SETTLE_AFTER_MS)),
      ),
    )
    .limit(500);
  for (const { attempt, customerId } of open) {
    const abandon = now.getTime() - attempt.createdAt.getTime() > ABANDON_AFTER_MS[attempt.provider];
    if (!customerId) {
      if (abandon) await abandonAttempt(db, attempt.id);
      report.abandoned += abandon ? 1 : 0;
      continue;
    }
    const paid = await settleOpenAttempt(db, provider, attempt, customerId, { abandon });
    if (paid) report.completed += 1;
    else if (abandon) report.abandoned += 1;
  }
  await reconcileKonbini(db, provider, now);
  return report;
}

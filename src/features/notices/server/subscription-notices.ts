import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { members, plans, subscriptions } from '@/server/db/schema';
import type { SubscriptionState } from '@/server/payments/types';
import { notify } from './notify';

export interface SubscriptionBefore {
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

/** The subscription as we had it, read in the transaction that is about to write the provider's new state. */
export async function subscriptionBefore(
  tx: Db,
  providerSubscriptionId: string,
): Promise<SubscriptionBefore | null> {
  const [row] = await tx
    .select({
      status: subscriptions.status,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row ?? null;
}

/** The receipt address of the card charge that paid the period ending then (billing's findReceiptPayment). */
export const periodReceiptId = (periodEnd: Date) => `period-${periodEnd.getTime()}`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const RUNNING = new Set(['active', 'trialing']);
const UNPAID = new Set(['past_due', 'unpaid']);

/**
 * The notices a subscription's change causes, in the transaction that writes it (billing's applySubscriptionState):
 * the welcome when the member joined, a paid period, a failed renewal, leaving and taking it back. Each is keyed by
 * what caused it, so the same state applied again (a redelivered event, the reconciliation job) adds none.
 */
export async function noticeSubscriptionChange(
  tx: Db,
  before: SubscriptionBefore | null,
  state: SubscriptionState,
  status: string,
): Promise<void> {
  const running = state.paid && RUNNING.has(status);
  const joins = running && (!before || !RUNNING.has(before.status));
  const periodEnd = iso(state.currentPeriodEnd);
  const paidPeriod = running && (joins || iso(before?.currentPeriodEnd ?? null) !== periodEnd);
  const failed = UNPAID.has(status) && (!before || !UNPAID.has(before.status));
  const leaving =
    before !== null && status !== 'canceled' && before.cancelAtPeriodEnd !== state.cancelAtPeriodEnd;
  // The same state applied again (most calls: events, sync, reconciliation) changes nothing and costs no query.
  if (!joins && !paidPeriod && !failed && !leaving) return;
  const [owner] = await tx
    .select({ memberNumber: members.memberNumber, planName: plans.name, priceYen: plans.priceYen })
    .from(members)
    .innerJoin(plans, and(eq(plans.id, state.planId), eq(plans.siteId, members.siteId)))
    .where(and(eq(members.id, state.memberId), eq(members.siteId, state.siteId)));
  if (!owner) return;
  const base = { siteId: state.siteId, memberId: state.memberId };
  const sub = state.providerSubscriptionId;

  if (joins && owner.memberNumber !== null) {
    await notify(tx, {
      ...base,
      kind: 'welcome',
      key: `welcome:${state.memberId}`,
      data: { memberNumber: owner.memberNumber, planName: owner.planName, nextRenewal: periodEnd },
    });
  }
  if (paidPeriod) {
    await notify(tx, {
      ...base,
      kind: 'payment-succeeded',
      key: `payment:${sub}:${periodEnd}`,
      data: {
        planName: owner.planName,
        amountYen: owner.priceYen,
        paidUntil: periodEnd,
        // The charge's invoice id is the provider's; its receipt is found by the period it paid for (history.ts).
        receiptId: state.currentPeriodEnd ? periodReceiptId(state.currentPeriodEnd) : null,
      },
    });
  }
  if (failed) {
    await notify(tx, {
      ...base,
      kind: 'payment-failed',
      key: `payment-failed:${sub}:${periodEnd}`,
      data: { planName: owner.planName },
    });
  }
  if (leaving) {
    const at = new Date().toISOString();
    await notify(tx, {
      ...base,
      kind: state.cancelAtPeriodEnd ? 'leave-confirmed' : 'leave-undone',
      key: `${state.cancelAtPeriodEnd ? 'leave' : 'leave-undone'}:${sub}:${at}`,
      data: { planName: owner.planName, endsOn: periodEnd },
    });
  }
}

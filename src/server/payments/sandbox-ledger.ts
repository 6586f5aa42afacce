import 'server-only';
import { randomBytes } from 'node:crypto';
import { addMonths, addYears } from 'date-fns';
import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  plans,
  sandboxCustomers,
  sandboxEvents,
  sandboxInvoices,
  sandboxSubscriptions,
} from '@/server/db/schema';
import type { BillingEvent, CardSummary, SubscriptionState } from '@/server/payments/types';

/** The sandbox's card charges' ids (sandbox-charges.ts), kept here so that the ledger needs nothing of it. */
export const CARD_CHARGE_PREFIX = 'pi_sb_card_';

/**
 * The sandbox's books, written the way Stripe keeps its own: each change (a subscription and its first charge, a
 * renewal, a cancellation, a refund) is one transaction together with the events that report it, so that no crash
 * leaves a charge without its subscription, a subscription without its charge, or a change nobody is told about.
 */

export type SandboxSubscription = typeof sandboxSubscriptions.$inferSelect;

export const newSandboxId = (prefix: string) => `${prefix}_sb_${randomBytes(12).toString('hex')}`;

export const nextPeriodEnd = (from: Date, interval: 'month' | 'year') =>
  interval === 'year' ? addYears(from, 1) : addMonths(from, 1);

// Spelled out: in a one-table select Drizzle leaves columns unqualified, and a bare "id" here would be the invoice's.
const paidSql = sql<boolean>`exists (select 1 from sandbox_invoices i where i.subscription_id = sandbox_subscriptions.id and i.status = 'paid')`;

export function toState(row: SandboxSubscription, paid: boolean): SubscriptionState {
  return {
    providerSubscriptionId: row.id,
    customerId: row.customerId,
    siteId: row.siteId,
    memberId: row.memberId,
    planId: row.planId,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
    cancelReason: row.cancelComment,
    attemptId: row.attemptId,
    paid,
    pendingPlanId: row.nextPlanId,
  };
}

/** One subscription with whether any of its charges stands (a refunded or never-charged one was not paid). */
export async function readSubscription(db: Db, id: string): Promise<SubscriptionState | null> {
  const [found] = await db
    .select({ row: sandboxSubscriptions, paid: paidSql })
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, id));
  return found ? toState(found.row, found.paid) : null;
}

export async function readRecentSubscriptions(db: Db, since: Date): Promise<SubscriptionState[]> {
  const rows = await db
    .select({ row: sandboxSubscriptions, paid: paidSql })
    .from(sandboxSubscriptions)
    .where(gte(sandboxSubscriptions.createdAt, since))
    .orderBy(desc(sandboxSubscriptions.createdAt))
    .limit(1000);
  return rows.map(({ row, paid }) => toState(row, paid));
}

/** An event of the change being written, delivered once its transaction has committed. */
export async function recordEvent(tx: Db, type: string, subscriptionId: string, at: Date): Promise<void> {
  await tx.insert(sandboxEvents).values({ id: newSandboxId('evt'), type, subscriptionId, occurredAt: at });
}

/** An event about a konbini payment (payment_intent.*), delivered like the others. */
export async function recordPaymentEvent(tx: Db, type: string, paymentId: string, at: Date): Promise<void> {
  await tx.insert(sandboxEvents).values({ id: newSandboxId('evt'), type, paymentId, occurredAt: at });
}

export async function writeInvoice(
  tx: Db,
  row: SandboxSubscription,
  amountYen: number,
  period: { start: Date; end: Date },
): Promise<void> {
  await tx.insert(sandboxInvoices).values({
    id: newSandboxId('in'),
    customerId: row.customerId,
    subscriptionId: row.id,
    amountYen,
    status: 'paid',
    periodStart: period.start,
    periodEnd: period.end,
    createdAt: period.start,
  });
}

export async function saveCard(tx: Db, customerId: string, card: CardSummary): Promise<void> {
  await tx
    .update(sandboxCustomers)
    .set({
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
    })
    .where(eq(sandboxCustomers.id, customerId));
}

/** A renewal costs what the subscription has been paying (a price change makes new subscriptions, as on Stripe). */
export async function renewalAmount(tx: Db, row: SandboxSubscription): Promise<number> {
  const [last] = await tx
    .select({ amountYen: sandboxInvoices.amountYen })
    .from(sandboxInvoices)
    .where(eq(sandboxInvoices.subscriptionId, row.id))
    .orderBy(desc(sandboxInvoices.createdAt))
    .limit(1);
  if (last) return last.amountYen;
  const [plan] = await tx.select({ priceYen: plans.priceYen }).from(plans).where(eq(plans.id, row.planId));
  return plan?.priceYen ?? 0;
}

/**
 * Hands undelivered events to our handler in the order they were written, each marked delivered only after the
 * handler took it: Stripe's webhook retries. Two deliverers at once may hand one event over twice; the handler
 * records event ids, so the second changes nothing.
 */
export async function deliverEvents(
  db: Db,
  handler: (event: BillingEvent) => Promise<void>,
  /** Only this subscription's: the push right after a change (the retry delivers everything left). */
  subscriptionId?: string,
  /** Only this one-off payment's. */
  paymentId?: string,
  /** Only this dispute's. */
  disputeId?: string,
): Promise<number> {
  const pending = await db
    .select()
    .from(sandboxEvents)
    .where(
      and(
        isNull(sandboxEvents.deliveredAt),
        subscriptionId ? eq(sandboxEvents.subscriptionId, subscriptionId) : undefined,
        paymentId ? eq(sandboxEvents.paymentId, paymentId) : undefined,
        disputeId ? eq(sandboxEvents.disputeId, disputeId) : undefined,
      ),
    )
    .orderBy(asc(sandboxEvents.seq))
    .limit(500);
  for (const event of pending) {
    await handler({
      id: event.id,
      type: event.type,
      created: event.occurredAt,
      subscriptionId: event.subscriptionId,
      // Card charges and konbini payments share the column; the id says which (as Stripe's objects say it).
      ...(event.paymentId?.startsWith(CARD_CHARGE_PREFIX)
        ? { paymentId: null, chargeId: event.paymentId }
        : { paymentId: event.paymentId }),
      disputeId: event.disputeId,
    });
    await db.update(sandboxEvents).set({ deliveredAt: new Date() }).where(eq(sandboxEvents.id, event.id));
  }
  return pending.length;
}

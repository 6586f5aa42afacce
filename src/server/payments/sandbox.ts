import 'server-only';
import { randomBytes } from 'node:crypto';
import { addMonths, addYears } from 'date-fns';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  plans,
  sandboxClocks,
  sandboxCustomers,
  sandboxInvoices,
  sandboxSubscriptions,
} from '@/server/db/schema';
import { chargeSandboxCard } from '@/server/payments/sandbox-cards';
import {
  CardError,
  type BillingEvent,
  type CardSummary,
  type PaymentProvider,
  type PaymentRecord,
  type SubscriptionState,
} from '@/server/payments/types';

/**
 * The embedded default: a payment provider that lives in our own database. It keeps customers, cards and
 * subscriptions as Stripe would, answers Stripe's test cards like Stripe's test mode, and reports every change as
 * an event through `emit`, the same path Stripe's webhooks take. A test clock per site lets time pass.
 *
 * Every charge writes an invoice: the first period when a subscription starts, and each period a renewal on the test
 * clock pays for. A refused card starts no subscription and so writes no invoice (the sandbox's renewals always
 * succeed), which is why the sandbox's invoices are all 'paid'.
 */
export interface SandboxEvent extends BillingEvent {
  /** The sandbox hands over the state it has just written, so the handler needs no second read. */
  state: SubscriptionState;
}

type SandboxSubscription = typeof sandboxSubscriptions.$inferSelect;

const newId = (prefix: string) => `${prefix}_sb_${randomBytes(12).toString('hex')}`;

function toState(row: SandboxSubscription): SubscriptionState {
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
  };
}

const nextPeriodEnd = (from: Date, interval: 'month' | 'year') =>
  interval === 'year' ? addYears(from, 1) : addMonths(from, 1);

export interface SandboxProvider extends PaymentProvider {
  /** Moves the site's test clock forward and settles what fell due: renewals and cancellations. */
  advanceClock(siteId: string, ms: number): Promise<Date>;
}

export function createSandboxProvider(db: Db, emit: (event: SandboxEvent) => Promise<void>): SandboxProvider {
  async function now(siteId: string): Promise<Date> {
    const [clock] = await db
      .select({ offsetMs: sandboxClocks.offsetMs })
      .from(sandboxClocks)
      .where(eq(sandboxClocks.siteId, siteId));
    return new Date(Date.now() + (clock?.offsetMs ?? 0));
  }

  async function find(subscriptionId: string): Promise<SandboxSubscription | null> {
    const [row] = await db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, subscriptionId));
    return row ?? null;
  }

  async function report(type: string, row: SandboxSubscription, at: Date): Promise<void> {
    await emit({ id: newId('evt'), type, created: at, subscriptionId: row.id, state: toState(row) });
  }

  async function saveCard(customerId: string, card: CardSummary): Promise<void> {
    await db
      .update(sandboxCustomers)
      .set({
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardExpMonth: card.expMonth,
        cardExpYear: card.expYear,
      })
      .where(eq(sandboxCustomers.id, customerId));
  }

  async function invoice(
    row: SandboxSubscription,
    amountYen: number,
    periodStart: Date,
    periodEnd: Date,
  ): Promise<void> {
    await db.insert(sandboxInvoices).values({
      id: newId('in'),
      customerId: row.customerId,
      subscriptionId: row.id,
      amountYen,
      status: 'paid',
      periodStart,
      periodEnd,
      createdAt: periodStart,
    });
  }

  /** A renewal costs what the subscription has been paying (a price change makes new subscriptions, as on Stripe). */
  async function renewalAmount(row: SandboxSubscription): Promise<number> {
    const [last] = await db
      .select({ amountYen: sandboxInvoices.amountYen })
      .from(sandboxInvoices)
      .where(eq(sandboxInvoices.subscriptionId, row.id))
      .orderBy(desc(sandboxInvoices.createdAt))
      .limit(1);
    if (last) return last.amountYen;
    const [plan] = await db.select({ priceYen: plans.priceYen }).from(plans).where(eq(plans.id, row.planId));
    return plan?.priceYen ?? 0;
  }

  async function requireCustomer(customerId: string) {
    const [customer] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, customerId));
    if (!customer) throw new Error(`sandbox customer ${customerId} does not exist`);
    return customer;
  }

  return {
    kind: 'sandbox',
    publishableKey: null,
    now,

    async createCustomer({ siteId, memberId }) {
      const id = newId('cus');
      await db.insert(sandboxCustomers).values({ id, siteId, memberId });
      return id;
    },

    async startSubscription({ siteId, memberId, customerId, plan, card, idempotencyKey }) {
      await requireCustomer(customerId);
      if (!card) throw new CardError('incorrect_number');
      const at = await now(siteId);
      const summary = chargeSandboxCard(card, at);
      const id = `sub_sb_${idempotencyKey}`;
      const [created] = await db
        .insert(sandboxSubscriptions)
        .values({
          id,
          customerId,
          siteId,
          memberId,
          planId: plan.id,
          interval: plan.interval,
          status: 'active',
          currentPeriodEnd: nextPeriodEnd(at, plan.interval),
        })
        .onConflictDoNothing()
        .returning();
      if (!created) return { kind: 'complete', subscriptionId: id };
      await saveCard(customerId, summary);
      await invoice(created, plan.priceYen, at, created.currentPeriodEnd);
      await report('customer.subscription.created', created, at);
      await report('invoice.paid', created, at);
      return { kind: 'complete', subscriptionId: id };
    },

    async retrieveSubscription(subscriptionId) {
      const row = await find(subscriptionId);
      return row ? toState(row) : null;
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const row = await find(subscriptionId);
      if (!row) throw new Error(`sandbox subscription ${subscriptionId} does not exist`);
      if (row.status === 'canceled' || row.cancelAtPeriodEnd === cancel) return toState(row);
      const [updated] = await db
        .update(sandboxSubscriptions)
        .set({ cancelAtPeriodEnd: cancel })
        .where(eq(sandboxSubscriptions.id, subscriptionId))
        .returning();
      await report('customer.subscription.updated', updated!, await now(row.siteId));
      return toState(updated!);
    },

    async getCard(customerId) {
      const [customer] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, customerId));
      if (!customer?.cardLast4 || !customer.cardBrand) return null;
      return {
        brand: customer.cardBrand,
        last4: customer.cardLast4,
        expMonth: customer.cardExpMonth ?? 0,
        expYear: customer.cardExpYear ?? 0,
      };
    },

    async listPayments(customerId): Promise<PaymentRecord[]> {
      const rows = await db
        .select()
        .from(sandboxInvoices)
        .where(eq(sandboxInvoices.customerId, customerId))
        .orderBy(desc(sandboxInvoices.createdAt), desc(sandboxInvoices.id))
        .limit(24);
      return rows.map(({ id, amountYen, status, periodStart, periodEnd, createdAt }) => ({
        id,
        amountYen,
        status,
        periodStart,
        periodEnd,
        createdAt,
      }));
    },

    async changeCard({ customerId, card }) {
      const customer = await requireCustomer(customerId);
      if (!card) throw new CardError('incorrect_number');
      const summary = chargeSandboxCard(card, await now(customer.siteId));
      await saveCard(customerId, summary);
      return { kind: 'complete' };
    },

    async advanceClock(siteId, ms) {
      await db
        .insert(sandboxClocks)
        .values({ siteId, offsetMs: ms })
        .onConflictDoUpdate({
          target: sandboxClocks.siteId,
          set: { offsetMs: sql`${sandboxClocks.offsetMs} + ${ms}` },
        });
      const at = await now(siteId);
      const due = await db
        .select()
        .from(sandboxSubscriptions)
        .where(
          and(
            eq(sandboxSubscriptions.siteId, siteId),
            eq(sandboxSubscriptions.status, 'active'),
            lte(sandboxSubscriptions.currentPeriodEnd, at),
          ),
        );
      for (const row of due) {
        let periodEnd = row.currentPeriodEnd;
        if (row.cancelAtPeriodEnd) {
          const [ended] = await db
            .update(sandboxSubscriptions)
            .set({ status: 'canceled', canceledAt: periodEnd })
            .where(eq(sandboxSubscriptions.id, row.id))
            .returning();
          await report('customer.subscription.deleted', ended!, at);
          continue;
        }
        const amountYen = await renewalAmount(row);
        while (periodEnd <= at) {
          const periodStart = periodEnd;
          periodEnd = nextPeriodEnd(periodEnd, row.interval);
          await invoice(row, amountYen, periodStart, periodEnd);
        }
        const [renewed] = await db
          .update(sandboxSubscriptions)
          .set({ currentPeriodEnd: periodEnd })
          .where(eq(sandboxSubscriptions.id, row.id))
          .returning();
        await report('invoice.paid', renewed!, at);
        await report('customer.subscription.updated', renewed!, at);
      }
      return at;
    },
  };
}

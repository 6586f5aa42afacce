import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  plans,
  sandboxClocks,
  sandboxCustomers,
  sandboxInvoices,
  sandboxSubscriptions,
} from '@/server/db/schema';
import { chargeSandboxCard } from '@/server/payments/sandbox-cards';
import { sandboxKonbini } from '@/server/payments/sandbox-konbini';
import { sandboxCardCharges } from '@/server/payments/sandbox-charges';
import { sandboxDisputeBook } from '@/server/payments/sandbox-disputes';
import {
  deliverEvents,
  nextPeriodEnd,
  readRecentSubscriptions,
  readSubscription,
  recordEvent,
  renewalAmount,
  saveCard,
  writeInvoice,
} from '@/server/payments/sandbox-ledger';
import {
  CardError,
  type BillingEvent,
  type CardChargeState,
  type DisputeState,
  type KonbiniState,
  type PaymentProvider,
  type PaymentRecord,
  type SiteChargeRecord,
} from '@/server/payments/types';

/**
 * The embedded default: a payment provider that keeps its books in our own database, as Stripe keeps them on its
 * side. It answers Stripe's test cards like Stripe's test mode, writes each change in one transaction with the
 * events that report it (sandbox-ledger.ts), and delivers those events to `deliver` after commit and again until
 * they are taken: the path Stripe's webhooks take. A test clock per site lets time pass.
 *
 * Every charge writes an invoice: the first period when a subscription starts, and each period a renewal on the test
 * clock pays for. A refused card starts no subscription and so writes no invoice (the sandbox's renewals always
 * succeed; a failed one a test writes is retried, settle); a refund marks the subscription's invoices refunded.
 */
export interface SandboxProvider extends PaymentProvider {
  /** Moves the site's test clock forward and settles what fell due: renewals and cancellations. */
  advanceClock(siteId: string, ms: number): Promise<Date>;
  /** Delivers the events not yet taken by our handler (after a crash of ours or of the delivery). */
  deliverPending(): Promise<number>;
  /** The fan pays the voucher at the till (the demo's and tests' control); once, and only before its deadline. */
  payKonbini(paymentId: string): Promise<KonbiniState | null>;
  /**
   * The card company's 3-D Secure page, the sandbox's stand-in (the fan's approval or refusal of a charge waiting in
   * `requires_action`); Stripe shows its own, in the browser (docs/decisions/0047).
   */
  authenticateCharge(paymentId: string, approve: boolean): Promise<CardChargeState | null>;
  /** A card holder disputes a paid charge or invoice (tests and the demo's seed only: nobody else can). */
  openDispute(input: { paymentId: string; reason?: string }): Promise<DisputeState>;
  /** The card company decides the dispute. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<DisputeState | null>;
}

/** One customer per member, whatever fails between its creation and our note of it. */
const customerIdOf = (memberId: string) =>
  `cus_sb_${createHash('sha256').update(memberId).digest('hex').slice(0, 24)}`;

export function createSandboxProvider(
  db: Db,
  deliver: (event: BillingEvent) => Promise<void>,
): SandboxProvider {
  async function now(siteId: string): Promise<Date> {
    const [clock] = await db
      .select({ offsetMs: sandboxClocks.offsetMs })
      .from(sandboxClocks)
      .where(eq(sandboxClocks.siteId, siteId));
    return new Date(Date.now() + (clock?.offsetMs ?? 0));
  }

  /** Like a webhook delivery that failed: what was not delivered now is delivered by the next call. */
  async function deliverPending(): Promise<number> {
    return deliverEvents(db, deliver);
  }
  const deliverSoon = (subscriptionId?: string) =>
    deliverEvents(db, deliver, subscriptionId).catch((error: unknown) =>
      console.warn('sandbox: events left for later:', (error as Error).message),
    );

  async function requireCustomer(customerId: string) {
    const [customer] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, customerId));
    if (!customer) throw new Error(`sandbox customer ${customerId} does not exist`);
    return customer;
  }

  const subscriptionIdOf = (attemptId: string) => `sub_sb_${attemptId.replaceAll('-', '')}`;
  const konbini = sandboxKonbini(db, now);
  const charges = sandboxCardCharges(db, now);
  const disputes = sandboxDisputeBook(db, now);
  const pushPayment = (paymentId: string) =>
    deliverEvents(db, deliver, undefined, paymentId).catch((error: unknown) =>
      console.warn('sandbox: events left for later:', (error as Error).message),
    );
  const pushDispute = (disputeId: string) =>
    deliverEvents(db, deliver, undefined, undefined, disputeId).catch((error: unknown) =>
      console.warn('sandbox: events left for later:', (error as Error).message),
    );

  return {
    kind: 'sandbox',
    publishableKey: null,
    now,
    deliverPending,

    async issueKonbini(input) {
      const state = await konbini.issueKonbini(input);
      await pushPayment(state.providerPaymentId);
      return state;
    },
    retrieveKonbini: konbini.retrieveKonbini,
    async cancelKonbini(paymentId) {
      const state = await konbini.cancelKonbini(paymentId);
      await pushPayment(paymentId);
      return state;
    },
    async chargeSavedCard(input) {
      const result = await charges.chargeSavedCard(input);
      if (result.status === 'requires_action') await pushPayment(result.providerPaymentId);
      return result;
    },
    retrieveCardCharge: charges.retrieveCardCharge,
    async cancelCardCharge(paymentId) {
      const state = await charges.cancelCardCharge(paymentId);
      await pushPayment(paymentId);
      return state;
    },
    async authenticateCharge(paymentId, approve) {
      const state = await charges.authenticateCharge(paymentId, approve);
      await pushPayment(paymentId);
      return state;
    },
    refundOneOff: charges.refundOneOff,
    refundOneOffPart: charges.refundOneOffPart,
    retrieveDispute: disputes.retrieveDispute,
    async openDispute(input) {
      const state = await disputes.openDispute(input);
      await pushDispute(state.providerDisputeId);
      return state;
    },
    async closeDispute(disputeId, outcome) {
      const state = await disputes.closeDispute(disputeId, outcome);
      await pushDispute(disputeId);
      return state;
    },
    findKonbiniOfAttempt: konbini.findKonbiniOfAttempt,
    async payKonbini(paymentId) {
      const state = await konbini.payKonbini(paymentId);
      await pushPayment(paymentId);
      return state;
    },

    async schedulePlanChange(subscriptionId, plan) {
      const current = await readSubscription(db, subscriptionId);
      if (!current) throw new Error(`sandbox subscription ${subscriptionId} does not exist`);
      const nextPlanId = plan && plan.id !== current.planId ? plan.id : null;
      if (current.status === 'canceled' || current.pendingPlanId === nextPlanId) return current;
      const at = await now(current.siteId);
      await db.transaction(async (tx) => {
        await tx
          .update(sandboxSubscriptions)
          .set({ nextPlanId })
          .where(eq(sandboxSubscriptions.id, subscriptionId));
        await recordEvent(tx, 'customer.subscription.updated', subscriptionId, at);
      });
      await deliverSoon(subscriptionId);
      return (await readSubscription(db, subscriptionId))!;
    },

    async createCustomer({ siteId, memberId }) {
      const id = customerIdOf(memberId);
      await db.insert(sandboxCustomers).values({ id, siteId, memberId }).onConflictDoNothing();
      return id;
    },

    async startSubscription({ siteId, memberId, customerId, plan, card, attemptId }) {
      const id = subscriptionIdOf(attemptId);
      // The same attempt again (a retry after a lost answer, a crash, a double click): what it made, no new charge.
      if (await readSubscription(db, id)) return { kind: 'complete', subscriptionId: id };
      await requireCustomer(customerId);
      if (!card) throw new CardError('incorrect_number');
      const at = await now(siteId);
      const summary = chargeSandboxCard(card, at);
      await db.transaction(async (tx) => {
        const [created] = await tx
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
            attemptId,
          })
          .onConflictDoNothing()
          .returning();
        // Two requests of one attempt at once: the other one charged.
        if (!created) return;
        await saveCard(tx, customerId, summary);
        await writeInvoice(tx, created, plan.priceYen, { start: at, end: created.currentPeriodEnd });
        await recordEvent(tx, 'customer.subscription.created', id, at);
        await recordEvent(tx, 'invoice.paid', id, at);
      });
      await deliverSoon(id);
      return { kind: 'complete', subscriptionId: id };
    },

    retrieveSubscription: (subscriptionId, within) => readSubscription(within ?? db, subscriptionId),

    findSubscriptionOfAttempt: ({ attemptId }) => readSubscription(db, subscriptionIdOf(attemptId)),

    listRecentSubscriptions: (since) => readRecentSubscriptions(db, since),

    async refundSubscription(subscriptionId) {
      const state = await readSubscription(db, subscriptionId);
      if (!state) throw new Error(`sandbox subscription ${subscriptionId} does not exist`);
      const at = await now(state.siteId);
      await db.transaction(async (tx) => {
        const refunded = await tx
          .update(sandboxInvoices)
          .set({ status: 'refunded' })
          .where(and(eq(sandboxInvoices.subscriptionId, subscriptionId), eq(sandboxInvoices.status, 'paid')))
          .returning({ id: sandboxInvoices.id });
        const ended = await tx
          .update(sandboxSubscriptions)
          .set({ status: 'canceled', canceledAt: at, cancelAtPeriodEnd: false })
          .where(
            and(
              eq(sandboxSubscriptions.id, subscriptionId),
              sql`${sandboxSubscriptions.status} <> 'canceled'`,
            ),
          )
          .returning({ id: sandboxSubscriptions.id });
        if (refunded.length > 0) await recordEvent(tx, 'charge.refunded', subscriptionId, at);
        if (ended.length > 0) await recordEvent(tx, 'customer.subscription.deleted', subscriptionId, at);
      });
      await deliverSoon(subscriptionId);
    },

    async endSubscription(subscriptionId) {
      const state = await readSubscription(db, subscriptionId);
      if (!state) return null;
      if (state.status === 'canceled' || state.status === 'incomplete_expired') return state;
      const at = await now(state.siteId);
      await db.transaction(async (tx) => {
        // Its failed invoice stays failed and nothing collects it: settle retries and renews only a subscription that
        // is past_due or active. Access ends now, as Stripe reports a subscription cut short (stripe-mapping.ts caps
        // the period at its ended_at): a past_due period's end is that of the period nobody paid.
        const ended = await tx
          .update(sandboxSubscriptions)
          .set({
            status: 'canceled',
            canceledAt: at,
            cancelAtPeriodEnd: false,
            currentPeriodEnd: sql`least(${sandboxSubscriptions.currentPeriodEnd}, ${at.toISOString()}::timestamptz)`,
          })
          .where(
            and(
              eq(sandboxSubscriptions.id, subscriptionId),
              sql`${sandboxSubscriptions.status} not in ('canceled', 'incomplete_expired')`,
            ),
          )
          .returning({ id: sandboxSubscriptions.id });
        if (ended.length > 0) await recordEvent(tx, 'customer.subscription.deleted', subscriptionId, at);
      });
      await deliverSoon(subscriptionId);
      return readSubscription(db, subscriptionId);
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel, reason = null) {
      const current = await readSubscription(db, subscriptionId);
      if (!current) throw new Error(`sandbox subscription ${subscriptionId} does not exist`);
      if (current.status === 'canceled' || current.cancelAtPeriodEnd === cancel) return current;
      const at = await now(current.siteId);
      await db.transaction(async (tx) => {
        await tx
          .update(sandboxSubscriptions)
          .set({ cancelAtPeriodEnd: cancel, cancelComment: cancel ? reason : null })
          .where(eq(sandboxSubscriptions.id, subscriptionId));
        await recordEvent(tx, 'customer.subscription.updated', subscriptionId, at);
      });
      await deliverSoon(subscriptionId);
      return (await readSubscription(db, subscriptionId))!;
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

    async listSiteCharges(siteId, from, to): Promise<SiteChargeRecord[]> {
      const rows = await db
        .select({ invoice: sandboxInvoices })
        .from(sandboxInvoices)
        .innerJoin(sandboxCustomers, eq(sandboxCustomers.id, sandboxInvoices.customerId))
        .where(
          and(
            eq(sandboxCustomers.siteId, siteId),
            gte(sandboxInvoices.createdAt, from),
            lt(sandboxInvoices.createdAt, to),
          ),
        )
        .orderBy(asc(sandboxInvoices.createdAt), asc(sandboxInvoices.id));
      // The sandbox charges no fee and so reports none: null ("not known"), never 0.
      return rows.map(({ invoice }) => ({
        id: invoice.id,
        customerId: invoice.customerId,
        amountYen: invoice.amountYen,
        status: invoice.status,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        createdAt: invoice.createdAt,
        feeYen: null,
      }));
    },

    async changeCard({ customerId, card }) {
      const customer = await requireCustomer(customerId);
      if (!card) throw new CardError('incorrect_number');
      const summary = chargeSandboxCard(card, await now(customer.siteId));
      await saveCard(db, customerId, summary);
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
        .select({ id: sandboxSubscriptions.id })
        .from(sandboxSubscriptions)
        .where(
          and(
            eq(sandboxSubscriptions.siteId, siteId),
            or(
              and(eq(sandboxSubscriptions.status, 'active'), lte(sandboxSubscriptions.currentPeriodEnd, at)),
              eq(sandboxSubscriptions.status, 'past_due'),
            ),
          ),
        );
      for (const { id } of due) await db.transaction((tx) => settle(tx, id, at));
      await konbini.expireKonbini(siteId, at);
      await deliverSoon();
      return at;
    },
  };
}

/**
 * One subscription's renewals (or its end) up to `at`, with their events, in one transaction. The sandbox's renewals
 * never fail; a subscription found past_due (a failed renewal as Stripe has one, written by a test) has its failed
 * invoice tried again whenever the clock moves, and paid by the card: Stripe's smart retries, in short. Nothing else
 * is charged: a canceled or unpaid subscription is never tried again.
 */
async function settle(tx: Db, id: string, at: Date): Promise<void> {
  const [locked] = await tx
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, id))
    .for('update');
  let row = locked;
  if (row?.status === 'past_due') {
    await tx
      .update(sandboxInvoices)
      .set({ status: 'paid' })
      .where(and(eq(sandboxInvoices.subscriptionId, id), eq(sandboxInvoices.status, 'failed')));
    [row] = await tx
      .update(sandboxSubscriptions)
      .set({ status: 'active' })
      .where(eq(sandboxSubscriptions.id, id))
      .returning();
    await recordEvent(tx, 'invoice.paid', id, at);
    await recordEvent(tx, 'customer.subscription.updated', id, at);
  }
  if (!row || row.status !== 'active' || row.currentPeriodEnd > at) return;
  if (row.cancelAtPeriodEnd) {
    await tx
      .update(sandboxSubscriptions)
      .set({ status: 'canceled', canceledAt: row.currentPeriodEnd })
      .where(eq(sandboxSubscriptions.id, id));
    await recordEvent(tx, 'customer.subscription.deleted', id, at);
    return;
  }
  // A plan change takes effect at this renewal: the new plan's price and interval from here on (docs/decisions/0026).
  const [next] = row.nextPlanId
    ? await tx.select().from(plans).where(eq(plans.id, row.nextPlanId))
    : [undefined];
  const interval = next?.interval ?? row.interval;
  const amountYen = next ? next.priceYen : await renewalAmount(tx, row);
  let periodEnd = row.currentPeriodEnd;
  while (periodEnd <= at) {
    const start = periodEnd;
    periodEnd = nextPeriodEnd(periodEnd, interval);
    await writeInvoice(tx, row, amountYen, { start, end: periodEnd });
  }
  await tx
    .update(sandboxSubscriptions)
    .set({
      currentPeriodEnd: periodEnd,
      ...(next ? { planId: next.id, interval: next.interval, nextPlanId: null } : {}),
    })
    .where(eq(sandboxSubscriptions.id, id));
  await recordEvent(tx, 'invoice.paid', id, at);
  await recordEvent(tx, 'customer.subscription.updated', id, at);
}

import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import {
  startStripeStandIn,
  TEST_CARDS,
  type StandInEvent,
  type StripeStandIn,
} from '@/test/stripe-stand-in';
import { billingEvents, members, oneOffPayments, plans, subscriptions } from '@/server/db/schema';
import { createStripeProvider, type StripeProvider } from '@/server/payments/stripe';
import type { BillablePlan } from '@/server/payments/types';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember } from '@/features/membership/server';
import { MAX_WEBHOOK_BYTES, receiveStripeWebhook } from '@/features/billing/server/stripe-webhook';
import { issueKonbiniPayment } from '@/features/billing/server/konbini';
import { changePlan } from '@/features/billing/server/plan-change';

/**
 * Stripe's webhooks end to end on our side: signed deliveries from the stand-in go through receiveStripeWebhook and
 * handleBillingEvent into a real test database, while the real `stripe` SDK reads the stand-in's truth.
 */

let handle: Awaited<ReturnType<typeof createTestDb>>;
let standIn: StripeStandIn;
let provider: StripeProvider;

beforeAll(async () => {
  [handle, standIn] = await Promise.all([createTestDb(), startStripeStandIn()]);
  provider = createStripeProvider(standIn.providerOptions);
});
afterAll(async () => Promise.all([standIn?.close(), handle?.drop()]));

/** A site of its own (so its first member is number 1) with a monthly plan. */
async function clubSite(slug: string): Promise<{ siteId: string; plan: BillablePlan; site: Site }> {
  const { site } = await upsertSite(handle.db, {
    ...demoSiteFile('mio'),
    slug,
    hosts: [`${slug}.localhost`],
  });
  const [plan] = await handle.db
    .insert(plans)
    .values({ siteId: site.id, code: 'monthly', name: '月額プラン', interval: 'month', priceYen: 550 })
    .returning();
  return { siteId: site.id, plan: plan!, site };
}

/** A member who reached the payment step: a customer and an incomplete subscription at the stand-in. */
async function subscriber(club: { siteId: string; plan: BillablePlan }) {
  const member = await ensureMember(handle.db, club.siteId, randomUUID());
  const customerId = await provider.createCustomer({ siteId: club.siteId, memberId: member.id, email: null });
  const { subscriptionId } = await provider.startSubscription({
    siteId: club.siteId,
    memberId: member.id,
    customerId,
    plan: club.plan,
    attemptId: randomUUID(),
  });
  return { member, memberId: member.id, customerId, subscriptionId };
}

interface Answer {
  status: number;
  body: { received?: true; outcome?: string; error?: { code: string; message: string } };
}

async function deliver(
  event: StandInEvent,
  options: {
    secret?: string;
    timestamp?: number;
    signature?: string | null;
    body?: (payload: string) => string;
  } = {},
): Promise<Answer> {
  const signed = standIn.delivery(event, options);
  const signature = options.signature === undefined ? signed.signature : options.signature;
  const request = new Request('http://mio.localhost/api/webhooks/stripe', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    body: options.body ? options.body(signed.payload) : signed.payload,
  });
  const response = await receiveStripeWebhook(request, { db: handle.db, provider });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const rowOf = async (subscriptionId: string) =>
  (
    await handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, subscriptionId))
  )[0] ?? null;
const recorded = async (...ids: string[]) =>
  (await handle.db.select().from(billingEvents).where(inArray(billingEvents.eventId, ids))).map(
    (r) => r.eventId,
  );
const memberNumber = async (memberId: string) =>
  (await handle.db.select().from(members).where(eq(members.id, memberId)))[0]?.memberNumber ?? null;
const reads = (subscriptionId: string) => standIn.count('GET', `/v1/subscriptions/${subscriptionId}`);
const invoiceOf = (subscriptionId: string) => standIn.subscription(subscriptionId).latest_invoice as string;
const objectOf = (event: StandInEvent) => (event.data as { object: Record<string, unknown> }).object;

describe('a delivery whose signature does not hold', () => {
  const FIVE_MINUTES_AND_A_SECOND_AGO = () => Math.floor(Date.now() / 1000) - 301;
  const cases: [string, (event: StandInEvent) => Parameters<typeof deliver>[1]][] = [
    ['a forged signature', () => ({ signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` })],
    ['no Stripe-Signature header', () => ({ signature: null })],
    [
      'a body changed after signing',
      () => ({ body: (p) => p.replace('"livemode": false', '"livemode": true') }),
    ],
    ['a signature made with another secret', () => ({ secret: 'whsec_someoneelse' })],
    ['a signature made more than 5 minutes ago', () => ({ timestamp: FIVE_MINUTES_AND_A_SECOND_AGO() })],
  ];

  it.each(cases)('is refused with 400 and changes nothing: %s', async (_name, variant) => {
    const club = await clubSite(`sig-${randomUUID().slice(0, 8)}`);
    const { memberId, subscriptionId } = await subscriber(club);
    standIn.pay(subscriptionId);
    const event = standIn.lastEvent('invoice.paid', invoiceOf(subscriptionId));

    const refused = await deliver(event, variant(event));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/署名を確認できません/),
    });
    expect(await recorded(event.id)).toEqual([]);
    expect(await rowOf(subscriptionId)).toBeNull();
    expect(await memberNumber(memberId)).toBeNull();
    expect(reads(subscriptionId)).toBe(0);

    // The same event, signed as Stripe signs it, is applied: the refusal above was the signature's doing.
    expect((await deliver(event)).body.outcome).toBe('applied');
    expect((await rowOf(subscriptionId))?.status).toBe('active');
  });
});

describe('one event delivered several times', () => {
  it('in a row: applied once (one record, one read of Stripe, member number 1), redeliveries change nothing', async () => {
    const club = await clubSite('once-in-a-row');
    const { memberId, subscriptionId } = await subscriber(club);
    standIn.pay(subscriptionId);
    const event = standIn.lastEvent('invoice.paid', invoiceOf(subscriptionId));

    expect((await deliver(event)).body.outcome).toBe('applied');
    const written = await rowOf(subscriptionId);
    expect(written).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    // Stripe's truth moves on without an event: a redelivery that applied again would now write it.
    standIn.update(subscriptionId, { cancelAtPeriodEnd: true }, { emit: false });

    expect((await deliver(event)).body.outcome).toBe('duplicate');
    expect((await deliver(event)).body.outcome).toBe('duplicate');
    expect(await recorded(event.id)).toEqual([event.id]);
    expect(reads(subscriptionId)).toBe(1);
    expect(await rowOf(subscriptionId)).toEqual(written);
    expect(await memberNumber(memberId)).toBe(1);
  });

  it('at the same time: applied by exactly one delivery, the others answer duplicate', async () => {
    const club = await clubSite('once-at-once');
    const { memberId, subscriptionId } = await subscriber(club);
    standIn.pay(subscriptionId);
    const event = standIn.lastEvent('invoice.paid', invoiceOf(subscriptionId));

    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(await recorded(event.id)).toEqual([event.id]);
    expect(reads(subscriptionId)).toBe(1);
    expect(await rowOf(subscriptionId)).toMatchObject({ status: 'active' });
    expect(await memberNumber(memberId)).toBe(1);
  });
});

const STEPS = ['created', 'invoice.paid', 'updated (leaving)', 'deleted'] as const;

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('events in any order', () => {
  let club: Awaited<ReturnType<typeof clubSite>>;
  beforeAll(async () => {
    club = await clubSite('orders');
  });
  const orders = permutations([0, 1, 2, 3]).map(
    (order) => [order.map((i) => STEPS[i]).join(' → '), order] as const,
  );

  it.each(orders)('%s: ends in Stripe’s final state (canceled at the period end)', async (_label, order) => {
    const { subscriptionId } = await subscriber(club);
    // Stripe's truth moves one step as each event is emitted; an event is delivered any time after its step.
    const steps: (() => Promise<StandInEvent> | StandInEvent)[] = [
      () => standIn.lastEvent('customer.subscription.created', subscriptionId),
      () => {
        standIn.pay(subscriptionId);
        return standIn.lastEvent('invoice.paid', invoiceOf(subscriptionId));
      },
      async () => {
        await provider.setCancelAtPeriodEnd(subscriptionId, true);
        return standIn.lastEvent('customer.subscription.updated', subscriptionId);
      },
      () => {
        standIn.endAtPeriodEnd(subscriptionId);
        return standIn.lastEvent('customer.subscription.deleted', subscriptionId);
      },
    ];
    const emitted: StandInEvent[] = [];
    for (const index of order) {
      while (emitted.length <= index) emitted.push(await steps[emitted.length]!());
      const answer = await deliver(emitted[index]!);
      expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    }

    const truth = standIn.subscription(subscriptionId) as {
      status: string;
      cancel_at_period_end: boolean;
      ended_at: number;
      items: { data: { current_period_end: number }[] };
    };
    expect(truth).toMatchObject({ status: 'canceled', cancel_at_period_end: true });
    expect(await rowOf(subscriptionId)).toMatchObject({
      status: truth.status,
      cancelAtPeriodEnd: truth.cancel_at_period_end,
      currentPeriodEnd: new Date(truth.items.data[0]!.current_period_end * 1000),
      canceledAt: new Date(truth.ended_at * 1000),
    });
    expect((await recorded(...emitted.map((e) => e.id))).sort()).toEqual(emitted.map((e) => e.id).sort());
  });
});

describe('a card change', () => {
  async function confirmedChange(customerId: string, subscriptionId: string, card: typeof TEST_CARDS.visa) {
    const change = await provider.changeCard({ customerId, subscriptionId });
    if (change.kind !== 'confirm') throw new Error('Stripe card changes are confirmed in the browser');
    const methodId = standIn.confirmSetupIntent(change.clientSecret, card);
    const event = standIn.lastEvent('setup_intent.succeeded', change.clientSecret.split('_secret_')[0]!);
    return { methodId, event };
  }
  const defaults = (customerId: string, subscriptionId: string) => [
    (standIn.customer(customerId).invoice_settings as { default_payment_method: string | null })
      .default_payment_method,
    standIn.subscription(subscriptionId).default_payment_method,
  ];

  it('confirmed through the webhook becomes the customer’s and the subscription’s card, once', async () => {
    const club = await clubSite('card-change');
    const { customerId, subscriptionId } = await subscriber(club);
    standIn.pay(subscriptionId, TEST_CARDS.visa);
    const { methodId, event } = await confirmedChange(customerId, subscriptionId, TEST_CARDS.mastercard);

    expect((await deliver(event)).body.outcome).toBe('ignored');
    expect(defaults(customerId, subscriptionId)).toEqual([methodId, methodId]);
    expect(await provider.getCard(customerId)).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(await recorded(event.id)).toEqual([event.id]);

    const updatesBefore = standIn.count('POST', `/v1/customers/${customerId}`);
    expect((await deliver(event)).body.outcome).toBe('duplicate');
    expect(standIn.count('POST', `/v1/customers/${customerId}`)).toBe(updatesBefore);
  });

  it('delivered late does not bring an older card back over a newer one', async () => {
    const club = await clubSite('card-late');
    const { customerId, subscriptionId } = await subscriber(club);
    standIn.pay(subscriptionId, TEST_CARDS.visa);
    const older = await confirmedChange(customerId, subscriptionId, TEST_CARDS.jcb);
    const newer = await confirmedChange(customerId, subscriptionId, TEST_CARDS.mastercard);

    await deliver(newer.event);
    await deliver(older.event);
    expect(defaults(customerId, subscriptionId)).toEqual([newer.methodId, newer.methodId]);
    expect(await provider.getCard(customerId)).toMatchObject({ brand: 'mastercard' });
  });
});

describe('other deliveries', () => {
  it('late: an event of three days ago (Stripe’s last retry), signed anew 4 minutes ago, is applied once', async () => {
    const club = await clubSite('late');
    const { memberId, subscriptionId } = await subscriber(club);
    standIn.pay(subscriptionId);
    const paid = standIn.lastEvent('invoice.paid', invoiceOf(subscriptionId));
    // The tolerance concerns the signature's time (each retry is signed anew), never the event's age.
    const event = { ...paid, created: paid.created - 3 * 24 * 60 * 60 };
    const fourMinutesAgo = Math.floor(Date.now() / 1000) - 240;

    expect((await deliver(event, { timestamp: fourMinutesAgo })).body.outcome).toBe('applied');
    expect((await deliver(event)).body.outcome).toBe('duplicate');
    expect(await rowOf(subscriptionId)).toMatchObject({ status: 'active' });
    expect(await memberNumber(memberId)).toBe(1);
  });

  it('when Stripe cannot be read: 503, nothing recorded, and Stripe’s next delivery applies the event', async () => {
    const club = await clubSite('outage');
    const { subscriptionId } = await subscriber(club);
    standIn.pay(subscriptionId);
    const event = standIn.lastEvent('invoice.paid', invoiceOf(subscriptionId));

    standIn.setUnavailable(true);
    const failed = await deliver(event).finally(() => standIn.setUnavailable(false));
    expect(failed.status).toBe(503);
    expect(failed.body.error?.code).toBe('UNAVAILABLE');
    expect(await recorded(event.id)).toEqual([]);
    expect(await rowOf(subscriptionId)).toBeNull();

    expect((await deliver(event)).body.outcome).toBe('applied');
    expect(await rowOf(subscriptionId)).toMatchObject({ status: 'active' });
  });

  it('an event about no subscription is recorded and ignored, and its redelivery is a duplicate', async () => {
    const club = await clubSite('no-subscription');
    const { customerId } = await subscriber(club);
    standIn.emit('customer.updated', standIn.customer(customerId));
    const event = standIn.events.at(-1)!;

    expect((await deliver(event)).body.outcome).toBe('ignored');
    expect(await recorded(event.id)).toEqual([event.id]);
    expect((await deliver(event)).body.outcome).toBe('duplicate');
  });

  it('an invoice event from an endpoint on an API version before `parent` still reaches its subscription', async () => {
    const club = await clubSite('legacy-invoice');
    const { subscriptionId } = await subscriber(club);
    standIn.pay(subscriptionId);
    const current = standIn.lastEvent('invoice.paid', invoiceOf(subscriptionId));
    // What such an endpoint receives: the subscription at the invoice's top level, no `parent`.
    const invoice: Record<string, unknown> = { ...(current.data as { object: object }).object };
    delete invoice.parent;
    invoice.subscription = subscriptionId;
    const legacy = {
      ...current,
      id: `evt_legacy_${randomUUID()}`,
      data: { object: invoice },
    } as StandInEvent;

    expect((await deliver(legacy)).body.outcome).toBe('applied');
    expect(await rowOf(subscriptionId)).toMatchObject({ status: 'active' });
  });

  it('a subscription without our metadata is not written', async () => {
    const club = await clubSite('not-ours');
    const { subscriptionId } = await subscriber(club);
    standIn.update(subscriptionId, { metadata: {} });
    const event = standIn.lastEvent('customer.subscription.updated', subscriptionId);

    expect((await deliver(event)).body.outcome).toBe('ignored');
    expect(await rowOf(subscriptionId)).toBeNull();
  });

  it('a body over 1 MB is refused with 413 before its signature is even looked at', async () => {
    const club = await clubSite('too-large');
    const { subscriptionId } = await subscriber(club);
    const event = standIn.lastEvent('customer.subscription.created', subscriptionId);
    const padded = (payload: string) =>
      payload.replace('{', `{"padding":"${'x'.repeat(MAX_WEBHOOK_BYTES)}",`);

    const refused = await deliver(event, { body: padded });
    expect(refused.status).toBe(413);
    expect(await recorded(event.id)).toEqual([]);
  });
});

// These move the stand-in's test clock on, so they come last.
describe('Stripe paths of money in and plans changed (through webhooks)', () => {
  const DAY = 86_400;
  const expectApplied = async (event: StandInEvent) =>
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
  const payment = async (id: string) =>
    (await handle.db.select().from(oneOffPayments).where(eq(oneOffPayments.id, id)))[0]!;

  it('a konbini voucher: issued (requires_action), paid at the store, another expired by Stripe', async () => {
    const club = await clubSite('konbini-stripe');
    const [yearly] = await handle.db
      .insert(plans)
      .values({ siteId: club.siteId, code: 'yearly', name: '年額', interval: 'year', priceYen: 5500 })
      .returning();
    const { site } = club;
    const issue = async (uid: string) => {
      const member = await ensureMember(handle.db, club.siteId, uid);
      const row = await issueKonbiniPayment(handle.db, provider, {
        site,
        member,
        planId: yearly!.id,
        email: null,
      });
      return { member, row };
    };
    const paying = await issue('konbini-pays');
    expect(paying.row).toMatchObject({ status: 'pending', paymentNumber: expect.stringMatching(/^\d{11}$/) });
    const intentId = paying.row.providerPaymentId!;
    expect(standIn.paymentIntent(intentId)).toMatchObject({ status: 'requires_action', amount: 5500 });
    // The voucher's own event finds it written already (nothing changes); delivered again, a duplicate.
    const issued = standIn.lastEvent('payment_intent.requires_action', intentId);
    await expectApplied(issued);
    expect((await deliver(issued)).body.outcome).toBe('duplicate');
    expect(await payment(paying.row.id)).toEqual(paying.row);

    standIn.payKonbini(intentId);
    await expectApplied(standIn.lastEvent('payment_intent.succeeded', intentId));
    expect(await payment(paying.row.id)).toMatchObject({ status: 'paid', providerPaymentId: intentId });
    expect(await memberNumber(paying.member.id)).toBe(1);

    const unpaid = await issue('konbini-expires');
    standIn.advance(4 * DAY);
    await expectApplied(standIn.lastEvent('payment_intent.canceled', unpaid.row.providerPaymentId!));
    expect(await payment(unpaid.row.id)).toMatchObject({ status: 'expired' });
    expect(await memberNumber(unpaid.member.id)).toBeNull();
  });

  it('a voucher paid beside a card whose renewal failed: the webhook ends the card, whose invoice Stripe no longer collects', async () => {
    const club = await clubSite('konbini-beside-card');
    const [yearly] = await handle.db
      .insert(plans)
      .values({ siteId: club.siteId, code: 'yearly', name: '年額', interval: 'year', priceYen: 5500 })
      .returning();
    const { member, subscriptionId } = await subscriber(club);
    standIn.pay(subscriptionId);
    await expectApplied(standIn.lastEvent('invoice.paid', invoiceOf(subscriptionId)));
    const failed = standIn.renew(subscriptionId, 'failed');
    standIn.update(subscriptionId, { status: 'past_due' });
    await expectApplied(standIn.lastEvent('customer.subscription.updated', subscriptionId));
    expect(await rowOf(subscriptionId)).toMatchObject({ status: 'past_due' });

    const voucher = await issueKonbiniPayment(handle.db, provider, {
      site: club.site,
      member,
      planId: yearly!.id,
      email: null,
    });
    const intentId = voucher.providerPaymentId!;
    standIn.payKonbini(intentId);
    const paid = standIn.lastEvent('payment_intent.succeeded', intentId);
    await expectApplied(paid);
    expect(standIn.subscription(subscriptionId)).toMatchObject({ status: 'canceled' });
    expect(await rowOf(subscriptionId)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect(standIn.invoice(failed)).toMatchObject({ status: 'open', auto_advance: false });
    expect(standIn.retryFailedInvoices()).not.toContain(failed);
    expect(standIn.invoice(failed)).toMatchObject({ status: 'open', amount_paid: 0 });

    // Stripe's own word of the end, and the payment's delivered again: nothing more is asked or changed.
    const row = await rowOf(subscriptionId);
    await expectApplied(standIn.lastEvent('customer.subscription.deleted', subscriptionId));
    expect((await deliver(paid)).body.outcome).toBe('duplicate');
    expect(standIn.count('DELETE', `/v1/subscriptions/${subscriptionId}`)).toBe(1);
    expect(await rowOf(subscriptionId)).toMatchObject({
      status: 'canceled',
      currentPeriodEnd: row!.currentPeriodEnd,
    });
    expect(await payment(voucher.id)).toMatchObject({ status: 'paid' });
  });

  it('a plan change at renewal: a schedule whose next phase Stripe enters at the period end', async () => {
    const club = await clubSite('plan-change-stripe');
    const [yearly] = await handle.db
      .insert(plans)
      .values({ siteId: club.siteId, code: 'yearly', name: '年額', interval: 'year', priceYen: 5500 })
      .returning();
    const { member, memberId, subscriptionId } = await subscriber(club);
    standIn.pay(subscriptionId);
    await expectApplied(standIn.lastEvent('invoice.paid', invoiceOf(subscriptionId)));

    // Asked, taken back, and asked again (the same day: Stripe still remembers a day's idempotency keys).
    await changePlan(handle.db, provider, member, yearly!.id);
    const first = standIn.subscription(subscriptionId).schedule as string;
    expect(standIn.schedule(first).phases).toMatchObject([
      { items: [{ price: expect.any(String) }], proration_behavior: 'none' },
      { metadata: { plan_id: yearly!.id, next_plan_id: '' } },
    ]);
    await changePlan(handle.db, provider, member, null);
    expect(standIn.schedule(first)).toMatchObject({
      status: 'released',
      released_subscription: subscriptionId,
    });
    expect(await rowOf(subscriptionId)).toMatchObject({ planId: club.plan.id, pendingPlanId: null });
    await changePlan(handle.db, provider, member, yearly!.id);
    expect(await rowOf(subscriptionId)).toMatchObject({ planId: club.plan.id, pendingPlanId: yearly!.id });
    const scheduleId = standIn.subscription(subscriptionId).schedule as string;
    expect(standIn.schedule(scheduleId)).toMatchObject({ status: 'active', end_behavior: 'release' });

    const periodEnd = (
      standIn.subscription(subscriptionId) as { items: { data: { current_period_end: number }[] } }
    ).items.data[0]!.current_period_end;
    standIn.advance(periodEnd - Math.floor(standIn.now().getTime() / 1000) + 60);
    const renewal = standIn.lastEvent('invoice.paid', invoiceOf(subscriptionId));
    expect(objectOf(renewal)).toMatchObject({ amount_paid: 5500, billing_reason: 'subscription_cycle' });
    await expectApplied(standIn.lastEvent('customer.subscription.updated', subscriptionId));
    expect(await rowOf(subscriptionId)).toMatchObject({
      planId: yearly!.id,
      pendingPlanId: null,
      status: 'active',
    });
    expect(await memberNumber(memberId)).toBe(1);
  });
});

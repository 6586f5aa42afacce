import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardError,
  StandInError,
  startStripeStandIn,
  TEST_CARDS,
  type StripeStandIn,
} from '@/test/stripe-stand-in';
import { createStripeProvider, priceLookupKey, type StripeProvider } from '@/server/payments/stripe';
import { CardError, type BillablePlan } from '@/server/payments/types';

/** The Stripe provider through the real `stripe` SDK, against the local stand-in of Stripe's API. */

let standIn: StripeStandIn;
let provider: StripeProvider;

const siteId = randomUUID();
const monthly: BillablePlan = {
  id: randomUUID(),
  code: 'monthly',
  name: '月額プラン',
  interval: 'month',
  priceYen: 550,
};

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = createStripeProvider(standIn.providerOptions);
});
afterAll(async () => standIn?.close());

async function customer() {
  const memberId = randomUUID();
  const customerId = await provider.createCustomer({ siteId, memberId, email: `${memberId}@example.jp` });
  return { memberId, customerId };
}

async function start(plan = monthly, attemptId: string = randomUUID()) {
  const { memberId, customerId } = await customer();
  const started = await provider.startSubscription({ siteId, memberId, customerId, plan, attemptId });
  if (started.kind !== 'confirm') throw new Error('Stripe subscriptions are confirmed in the browser');
  return { memberId, customerId, ...started };
}

const lastRequest = (method: string, route: string) =>
  standIn.requests.findLast((r) => r.method === method && r.route === route);

describe('startSubscription', () => {
  it('creates an incomplete JPY subscription of the plan and returns its first invoice’s client secret', async () => {
    const key = randomUUID();
    const { memberId, customerId, clientSecret, subscriptionId } = await start(monthly, key);

    expect(clientSecret).toBe(standIn.invoiceSecret(subscriptionId));
    const created = lastRequest('POST', '/v1/subscriptions');
    expect(created?.idempotencyKey).toBe(key);
    expect(created?.params).toMatchObject({
      customer: customerId,
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { site_id: siteId, member_id: memberId, plan_id: monthly.id },
      expand: ['latest_invoice.confirmation_secret'],
    });
    // Yen is zero-decimal: ¥550 is sent as 550, tax included.
    expect(lastRequest('POST', '/v1/prices')?.params).toMatchObject({
      currency: 'jpy',
      unit_amount: '550',
      tax_behavior: 'inclusive',
      recurring: { interval: 'month' },
      lookup_key: priceLookupKey(siteId, monthly),
    });
    expect(await provider.retrieveSubscription(subscriptionId)).toMatchObject({
      providerSubscriptionId: subscriptionId,
      customerId,
      siteId,
      memberId,
      planId: monthly.id,
      status: 'incomplete',
      cancelAtPeriodEnd: false,
      canceledAt: null,
    });
  });

  it('starts one subscription, not two, when the same click (idempotency key) arrives twice', async () => {
    const { memberId, customerId } = await customer();
    const input = { siteId, memberId, customerId, plan: monthly, attemptId: randomUUID() };
    const [first, second] = await Promise.all([
      provider.startSubscription(input),
      provider.startSubscription(input),
    ]);
    expect(second).toEqual(first);
    expect(standIn.subscriptionsOf(customerId)).toEqual([first.subscriptionId]);
  });

  it('keeps one Price while the plan’s price is unchanged and makes a new one when it changes', async () => {
    const yearly: BillablePlan = {
      ...monthly,
      id: randomUUID(),
      code: 'yearly',
      interval: 'year',
      priceYen: 5500,
    };
    const pricesOf = (plan: BillablePlan) => standIn.prices().filter((p) => p.metadata.plan_id === plan.id);
    await start(yearly);
    await start(yearly);
    expect(pricesOf(yearly)).toHaveLength(1);
    expect(pricesOf(yearly)[0]).toMatchObject({ unitAmount: 5500, interval: 'year', currency: 'jpy' });

    await start({ ...yearly, priceYen: 6600 });
    expect(
      pricesOf(yearly)
        .map((p) => p.unitAmount)
        .sort(),
    ).toEqual([5500, 6600]);
  });

  it('turns a refused card into CardError with Stripe’s code and decline code, leaving nothing behind', async () => {
    const { memberId, customerId } = await customer();
    standIn.failNext('POST /v1/subscriptions', cardError('card_declined', 'insufficient_funds'));
    const input = { siteId, memberId, customerId, plan: monthly, attemptId: randomUUID() };
    const refused = await provider.startSubscription(input).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CardError);
    expect(refused).toMatchObject({ code: 'card_declined', declineCode: 'insufficient_funds' });
    expect(standIn.subscriptionsOf(customerId)).toEqual([]);

    const again = await provider.startSubscription({ ...input, attemptId: randomUUID() });
    expect(standIn.subscriptionsOf(customerId)).toEqual([again.subscriptionId]);
  });
});

describe('leaving and coming back', () => {
  it('is idempotent both ways: a repeated leave or return sends no second update', async () => {
    const { subscriptionId } = await start();
    standIn.pay(subscriptionId);
    const updates = () => standIn.count('POST', `/v1/subscriptions/${subscriptionId}`);

    expect(await provider.setCancelAtPeriodEnd(subscriptionId, true)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect((await provider.setCancelAtPeriodEnd(subscriptionId, true)).cancelAtPeriodEnd).toBe(true);
    expect(updates()).toBe(1);
    expect(standIn.subscription(subscriptionId).cancel_at_period_end).toBe(true);

    expect((await provider.setCancelAtPeriodEnd(subscriptionId, false)).cancelAtPeriodEnd).toBe(false);
    expect((await provider.setCancelAtPeriodEnd(subscriptionId, false)).cancelAtPeriodEnd).toBe(false);
    expect(updates()).toBe(2);
    expect(standIn.subscription(subscriptionId).cancel_at_period_end).toBe(false);
  });

  it('answers an ended subscription’s state instead of trying to change it', async () => {
    const { subscriptionId } = await start();
    standIn.pay(subscriptionId);
    await provider.setCancelAtPeriodEnd(subscriptionId, true);
    standIn.endAtPeriodEnd(subscriptionId);
    const truth = standIn.subscription(subscriptionId) as { ended_at: number };

    const state = await provider.setCancelAtPeriodEnd(subscriptionId, false);
    expect(state).toMatchObject({ status: 'canceled', canceledAt: new Date(truth.ended_at * 1000) });
    expect(standIn.count('POST', `/v1/subscriptions/${subscriptionId}`)).toBe(1);
  });
});

describe('ending a subscription whose renewal failed', () => {
  /** A paid subscription whose renewal was declined: its open invoice, the subscription past_due. */
  async function failedRenewal() {
    const { subscriptionId } = await start();
    standIn.pay(subscriptionId);
    const invoiceId = standIn.renew(subscriptionId, 'failed');
    standIn.update(subscriptionId, { status: 'past_due' });
    return { subscriptionId, invoiceId };
  }

  it('cancels it at once, refunds nothing, and Stripe no longer collects its open invoice; asked again, only reads', async () => {
    const { subscriptionId, invoiceId } = await failedRenewal();
    const refunds = standIn.count('POST', '/v1/refunds');
    const ended = await provider.endSubscription(subscriptionId);
    const truth = standIn.subscription(subscriptionId) as { status: string; ended_at: number };
    expect(truth.status).toBe('canceled');
    expect(ended).toMatchObject({
      providerSubscriptionId: subscriptionId,
      status: 'canceled',
      cancelAtPeriodEnd: false,
      // Access ends when it was ended, not when the period nobody paid would have.
      currentPeriodEnd: new Date(truth.ended_at * 1000),
      canceledAt: new Date(truth.ended_at * 1000),
    });
    expect(standIn.count('POST', '/v1/refunds')).toBe(refunds);
    expect(standIn.invoice(invoiceId)).toMatchObject({ status: 'open', auto_advance: false, amount_paid: 0 });
    expect(standIn.retryFailedInvoices()).not.toContain(invoiceId);
    expect(standIn.invoice(invoiceId)).toMatchObject({ status: 'open', amount_paid: 0 });

    expect(await provider.endSubscription(subscriptionId)).toEqual(ended);
    expect(standIn.count('DELETE', `/v1/subscriptions/${subscriptionId}`)).toBe(1);
    expect(await provider.endSubscription('sub_unknown')).toBeNull();
  });

  it('a cancellation Stripe refuses, the subscription still running, is an error and not an answer', async () => {
    const { subscriptionId } = await failedRenewal();
    standIn.failNext(
      'DELETE /v1/subscriptions/:id',
      new StandInError(400, { type: 'invalid_request_error', message: 'Refused (test).' }),
    );
    await expect(provider.endSubscription(subscriptionId)).rejects.toThrow('Refused (test).');
    expect(standIn.subscription(subscriptionId)).toMatchObject({ status: 'past_due' });
  });

  it('left alone, its open invoice is collected by Stripe’s retry (what ending it prevents)', async () => {
    const { subscriptionId, invoiceId } = await failedRenewal();
    expect(standIn.retryFailedInvoices()).toContain(invoiceId);
    expect(standIn.invoice(invoiceId)).toMatchObject({ status: 'paid', amount_paid: 550 });
    expect((await provider.retrieveSubscription(subscriptionId))?.status).toBe('active');
  });
});

describe('reading state', () => {
  it('shows the card the first payment saved on the subscription', async () => {
    const { customerId, subscriptionId } = await start();
    expect(await provider.getCard(customerId)).toBeNull();
    expect(await provider.getCard('cus_unknown_to_stripe')).toBeNull();
    standIn.pay(subscriptionId, TEST_CARDS.visa);
    expect(await provider.getCard(customerId)).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
  });

  it('asks for a card change with an off-session SetupIntent that names the subscription', async () => {
    const { customerId, subscriptionId } = await start();
    const change = await provider.changeCard({ customerId, subscriptionId });
    expect(change).toMatchObject({
      kind: 'confirm',
      clientSecret: expect.stringMatching(/^seti_\w+_secret_/),
    });
    expect(lastRequest('POST', '/v1/setup_intents')?.params).toMatchObject({
      customer: customerId,
      usage: 'off_session',
      metadata: { purpose: 'card_change', subscription_id: subscriptionId },
    });
  });

  it('reads Stripe’s statuses as ours: a paused subscription grants nothing (unpaid)', async () => {
    const { subscriptionId } = await start();
    standIn.pay(subscriptionId);
    standIn.update(subscriptionId, { status: 'past_due' });
    expect((await provider.retrieveSubscription(subscriptionId))?.status).toBe('past_due');
    standIn.update(subscriptionId, { status: 'paused' });
    expect((await provider.retrieveSubscription(subscriptionId))?.status).toBe('unpaid');
  });

  it('takes the period end from the subscription item and reads a subscription Stripe does not know as null', async () => {
    const { subscriptionId } = await start();
    const truth = standIn.subscription(subscriptionId) as {
      items: { data: { current_period_end: number }[] };
    };
    const state = await provider.retrieveSubscription(subscriptionId);
    expect(state?.currentPeriodEnd).toEqual(new Date(truth.items.data[0]!.current_period_end * 1000));
    expect(await provider.retrieveSubscription('sub_unknown')).toBeNull();
  });

  it('reads a subscription without our site, member and plan as not ours (null)', async () => {
    const { subscriptionId } = await start();
    standIn.update(subscriptionId, { metadata: {} }, { emit: false });
    expect(await provider.retrieveSubscription(subscriptionId)).toBeNull();
  });
});

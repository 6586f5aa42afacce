import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import {
  startStripeStandIn,
  TEST_CARDS,
  type StandInCard,
  type StandInEvent,
  type StripeStandIn,
} from '@/test/stripe-stand-in';
import { createStripeProvider, type StripeProvider } from '@/server/payments/stripe';
import { CardError, type BillablePlan } from '@/server/payments/types';

/**
 * Stripe's payments as the app makes and reads them, through the real `stripe` SDK against the local stand-in: the
 * payment history and the 売上 page's charges with their fees, a presale win's off-session charge, refunds, konbini
 * vouchers and a chargeback.
 */

let standIn: StripeStandIn;
let provider: StripeProvider;
const siteId = randomUUID();
const monthly: BillablePlan = {
  id: randomUUID(),
  code: 'monthly',
  name: '月額',
  interval: 'month',
  priceYen: 550,
};

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = createStripeProvider(standIn.providerOptions);
});
afterAll(async () => standIn?.close());

async function start(site = siteId) {
  const memberId = randomUUID();
  const customerId = await provider.createCustomer({ siteId: site, memberId, email: null });
  const started = await provider.startSubscription({
    siteId: site,
    memberId,
    customerId,
    plan: monthly,
    attemptId: randomUUID(),
  });
  return { customerId, subscriptionId: started.subscriptionId };
}

describe('listPayments (Stripe)', () => {
  it('lists paid and failed charges newest first, without the first invoice still awaiting confirmation', async () => {
    const { customerId, subscriptionId } = await start();
    expect(await provider.listPayments(customerId)).toEqual([]);
    const request = standIn.requests.findLast((r) => r.method === 'GET' && r.route === '/v1/invoices');
    expect(request?.params).toMatchObject({ customer: customerId, limit: '24' });

    standIn.pay(subscriptionId);
    const renewal = standIn.renew(subscriptionId, 'paid');
    const failed = standIn.renew(subscriptionId, 'failed');
    const payments = await provider.listPayments(customerId);
    expect(payments.map((p) => [p.status, p.amountYen])).toEqual([
      ['failed', 550],
      ['paid', 550],
      ['paid', 550],
    ]);
    expect(payments.map((p) => p.id).slice(0, 2)).toEqual([failed, renewal]);
    expect(payments[1]!.periodStart.getTime()).toBe(payments[2]!.periodEnd.getTime());
    expect(payments[0]!.createdAt.getTime()).toBeGreaterThan(payments[1]!.createdAt.getTime());
  });

  it('lists only this customer’s invoices', async () => {
    const first = await start();
    const second = await start();
    standIn.pay(first.subscriptionId);
    standIn.pay(second.subscriptionId);
    const payments = await provider.listPayments(second.customerId);
    expect(payments).toHaveLength(1);
  });
});

/** A customer whose card the first payment of a subscription saved (on the subscription, as Stripe does). */
async function member(card: StandInCard = TEST_CARDS.visa, site = siteId) {
  const started = await start(site);
  standIn.pay(started.subscriptionId, card);
  return started;
}

/** A win's charge; asked again with the same attempt, the same request (a retry). */
const charge = (customerId: string, attemptId = randomUUID()) =>
  provider.chargeSavedCard({
    siteId,
    memberId: `member-of-${customerId}`,
    customerId,
    amountYen: 17_600,
    description: 'LIVE 2027 東京 A指定 ×2',
    attemptId,
  });
const intentOf = (attemptId: string) =>
  standIn.paymentIntent(standIn.intentsWith({ attempt_id: attemptId })[0]!);
const objectOf = (event: StandInEvent) => (event.data as { object: Record<string, unknown> }).object;
const eventsOf = (objectId: string) =>
  standIn.events.filter((e) => objectOf(e).id === objectId).map((e) => e.type);

describe('chargeSavedCard (a presale win, off session)', () => {
  const cases: [string, StandInCard, string, string | null, string[]][] = [
    [
      'goes through',
      TEST_CARDS.visa,
      'succeeded',
      null,
      ['payment_intent.created', 'payment_intent.succeeded'],
    ],
    [
      'needs 3-D Secure (4000002760003184)',
      TEST_CARDS.authenticationRequired,
      'requires_action',
      'authentication_required',
      ['payment_intent.created', 'payment_intent.requires_action'],
    ],
    [
      'is declined for insufficient funds (4000000000009995)',
      TEST_CARDS.insufficientFunds,
      'requires_payment_method',
      'insufficient_funds',
      ['payment_intent.created', 'payment_intent.payment_failed'],
    ],
    [
      'is declined (4000000000000002)',
      TEST_CARDS.declined,
      'requires_payment_method',
      'generic_decline',
      ['payment_intent.created', 'payment_intent.payment_failed'],
    ],
  ];

  it.each(cases)(
    '%s: Stripe’s outcome, the same on a retry, one intent',
    async (_name, card, status, refusal, events) => {
      const { customerId } = await member(card);
      const attemptId = randomUUID();
      const outcome = () => charge(customerId, attemptId).catch((error: unknown) => error);
      const [first, retried] = [await outcome(), await outcome()];

      expect(retried).toEqual(first);
      expect(standIn.intentsWith({ attempt_id: attemptId })).toHaveLength(1);
      const intent = intentOf(attemptId);
      expect(intent).toMatchObject({ status, amount: 17_600, currency: 'jpy', customer: customerId });
      expect(eventsOf(intent.id as string)).toEqual(events);
      // Each names the request that caused it, as Stripe's events do.
      expect(standIn.lastEvent(events[1]!, intent.id as string).request).toEqual({
        id: expect.stringMatching(/^req_/),
        idempotency_key: attemptId,
      });
      if (refusal === null) {
        expect(first).toEqual({
          status: 'paid',
          providerPaymentId: intent.id,
          paidAt: new Date((intent.created as number) * 1000),
        });
        return;
      }
      expect(intent.last_payment_error).toMatchObject({ type: 'card_error', decline_code: refusal });
      const attempt = intent.latest_charge as string | null;
      if (refusal === 'authentication_required') {
        // Not a refusal (decision 0047): the same intent waits for the fan, and nothing was charged yet.
        expect(first).toEqual({ status: 'requires_action', providerPaymentId: intent.id });
        expect(attempt).toBeNull();
        return;
      }
      expect(first).toBeInstanceOf(CardError);
      expect(first).toMatchObject({ code: 'card_declined', declineCode: refusal });
      // A decline is a failed charge Stripe keeps.
      expect(standIn.charge(attempt!)).toMatchObject({
        status: 'failed',
        paid: false,
        balance_transaction: null,
      });
    },
  );

  it('charges the newest card: one changed on the customer after the subscription saved its own', async () => {
    const { customerId, subscriptionId } = await member(TEST_CARDS.insufficientFunds);
    const change = await provider.changeCard({ customerId, subscriptionId: null });
    if (change.kind !== 'confirm') throw new Error('Stripe card changes are confirmed in the browser');
    const methodId = standIn.confirmSetupIntent(change.clientSecret, TEST_CARDS.mastercard);
    await provider.applyCardChange({ customerId, paymentMethodId: methodId, subscriptionId: null });
    expect(standIn.subscription(subscriptionId).default_payment_method).not.toBe(methodId);

    const { providerPaymentId } = await charge(customerId);
    expect(standIn.paymentIntent(providerPaymentId)).toMatchObject({
      status: 'succeeded',
      payment_method: methodId,
    });
  });
});

describe('refunds', () => {
  it('refundOneOff gives back what is left once, however often asked; a partial refund before counts', async () => {
    const { customerId } = await member();
    const { providerPaymentId } = await charge(customerId);
    const chargeId = standIn.paymentIntent(providerPaymentId).latest_charge as string;
    // A partial refund (Dashboard or API: payment_intent and amount), then the app's refund of the rest, twice.
    const stripe = new Stripe(standIn.secretKey, standIn.api);
    await stripe.refunds.create({ payment_intent: providerPaymentId, amount: 6_000 });
    expect(standIn.charge(chargeId)).toMatchObject({ amount_refunded: 6_000, refunded: false });
    await provider.refundOneOff(providerPaymentId, siteId);
    await provider.refundOneOff(providerPaymentId, siteId);

    expect(standIn.charge(chargeId)).toMatchObject({ amount_refunded: 17_600, refunded: true });
    expect(standIn.count('POST', '/v1/refunds')).toBe(3);
    const refunds = standIn.events.filter((e) => e.type === 'refund.created').map(objectOf);
    expect(refunds.filter((r) => r.payment_intent === providerPaymentId).map((r) => r.amount)).toEqual([
      6_000, 11_600,
    ]);
    expect(objectOf(standIn.lastEvent('charge.refunded', chargeId))).toMatchObject({
      amount_refunded: 17_600,
    });
    // More than is left is refused as Stripe refuses it.
    await expect(
      stripe.refunds.create({ payment_intent: providerPaymentId, amount: 1 }),
    ).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });
});

describe('konbini vouchers (Stripe)', () => {
  const DAY = 86_400;
  async function issue() {
    const memberId = randomUUID();
    const customerId = await provider.createCustomer({ siteId, memberId, email: null });
    const input = { siteId, memberId, customerId, amountYen: 5_500, description: '年額会員', days: 3 };
    return provider.issueKonbini({ ...input, attemptId: randomUUID() });
  }

  it('is issued once per attempt with Stripe’s voucher, found again by its attempt, and paid at the store', async () => {
    const memberId = randomUUID();
    const customerId = await provider.createCustomer({ siteId, memberId, email: null });
    const attemptId = randomUUID();
    const input = {
      siteId,
      memberId,
      customerId,
      amountYen: 5_500,
      description: '年額会員',
      attemptId,
      days: 3,
    };
    const [first, again] = [await provider.issueKonbini(input), await provider.issueKonbini(input)];
    expect(again).toEqual(first);
    expect(standIn.intentsWith({ attempt_id: attemptId })).toHaveLength(1);
    const intent = standIn.paymentIntent(first.providerPaymentId);
    const details = (
      intent.next_action as { konbini_display_details: { expires_at: number; stores: object } }
    ).konbini_display_details;
    expect(intent).toMatchObject({ status: 'requires_action', payment_method_types: ['konbini'] });
    expect(Object.keys(details.stores).sort()).toEqual(['familymart', 'lawson', 'ministop', 'seicomart']);
    // 23:59:59 Japan time, three days on.
    expect(new Date((details.expires_at + 9 * 3600) * 1000).toISOString().slice(11, 19)).toBe('23:59:59');
    expect(first).toMatchObject({
      attemptId,
      status: 'pending',
      amountYen: 5_500,
      paymentNumber: expect.stringMatching(/^\d{11}$/),
      confirmationNumber: expect.stringMatching(/^\d{6}$/),
      expiresAt: new Date(details.expires_at * 1000),
    });
    expect(eventsOf(first.providerPaymentId)).toEqual([
      'payment_intent.created',
      'payment_intent.requires_action',
    ]);
    expect(await provider.findKonbiniOfAttempt(attemptId)).toEqual(first);
    expect(await provider.findKonbiniOfAttempt(randomUUID())).toBeNull();

    const chargeId = standIn.payKonbini(first.providerPaymentId);
    expect(await provider.retrieveKonbini(first.providerPaymentId)).toMatchObject({ status: 'paid' });
    expect(standIn.lastEvent('payment_intent.succeeded', first.providerPaymentId)).toBeDefined();
    // Stripe Japan's konbini fee, on the charge's balance transaction.
    expect(standIn.charge(chargeId).balance_transaction).toMatchObject({
      amount: 5_500,
      fee: 198,
      net: 5_302,
    });
    // Cancelling a paid voucher leaves it paid (the money arrived first).
    expect(await provider.cancelKonbini(first.providerPaymentId)).toMatchObject({ status: 'paid' });
    expect(standIn.count('POST', `/v1/payment_intents/${first.providerPaymentId}/cancel`)).toBe(0);
  });

  it('expires unpaid (Stripe cancels it at the deadline) and is cancelled by the app before', async () => {
    const expiring = await issue();
    const cancelled = await issue();
    expect(await provider.cancelKonbini(cancelled.providerPaymentId)).toMatchObject({ status: 'expired' });
    expect(standIn.paymentIntent(cancelled.providerPaymentId)).toMatchObject({ status: 'canceled' });
    // Asked again (a retry): nothing more is sent.
    await provider.cancelKonbini(cancelled.providerPaymentId);
    expect(standIn.count('POST', `/v1/payment_intents/${cancelled.providerPaymentId}/cancel`)).toBe(1);

    standIn.advance(4 * DAY);
    expect(objectOf(standIn.lastEvent('payment_intent.canceled', expiring.providerPaymentId))).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'expired',
    });
    // Stripe cancelled it by itself: no request caused it.
    expect(standIn.lastEvent('payment_intent.canceled', expiring.providerPaymentId).request).toEqual({
      id: null,
      idempotency_key: null,
    });
    expect(await provider.retrieveKonbini(expiring.providerPaymentId)).toMatchObject({ status: 'expired' });
    expect(() => standIn.payKonbini(expiring.providerPaymentId)).toThrow();
    expect(await provider.retrieveKonbini('pi_unknown')).toBeNull();
  });
});

describe('listSiteCharges (Stripe): the 売上 page’s subscription charges', () => {
  it('lists this site’s paid invoices of the range with Stripe’s fee, a refunded one as refunded', async () => {
    // The stand-in's test clock may have run ahead (vouchers above): the range is in its time.
    const from = new Date(standIn.now().getTime() - 3_600_000);
    const { customerId, subscriptionId } = await member();
    const renewal = standIn.renew(subscriptionId, 'failed');
    const elsewhere = await member(TEST_CARDS.visa, randomUUID());
    const refunded = await member(TEST_CARDS.mastercard);
    await provider.refundSubscription(refunded.subscriptionId);
    const to = new Date(standIn.now().getTime() + 3_600_000);

    const charges = await provider.listSiteCharges(siteId, from, to);
    const mine = charges.filter((c) => [customerId, refunded.customerId].includes(c.customerId));
    // Stripe Japan's 3.6% of ¥550; a failed renewal took no money and has no fee.
    expect(mine.map((c) => [c.customerId, c.status, c.amountYen, c.feeYen]).sort()).toEqual(
      [
        [customerId, 'failed', 550, null],
        [customerId, 'paid', 550, 20],
        [refunded.customerId, 'refunded', 550, 20],
      ].sort(),
    );
    expect(mine.find((c) => c.status === 'failed')!.id).toBe(renewal);
    expect(charges.some((c) => c.customerId === elsewhere.customerId)).toBe(false);
    expect(await provider.listSiteCharges(siteId, to, new Date(to.getTime() + 3_600_000))).toEqual([]);
  });
});

describe('a chargeback', () => {
  it('the stand-in disputes a charge: charge.dispute.created, and the charge can no longer be refunded', async () => {
    const { customerId } = await member();
    const { providerPaymentId } = await charge(customerId);
    const disputeId = standIn.openDispute(providerPaymentId, 'fraudulent');
    const event = standIn.lastEvent('charge.dispute.created', disputeId);
    expect(event).toMatchObject({ object: 'event', livemode: false, api_version: Stripe.API_VERSION });
    expect(objectOf(event)).toMatchObject({
      object: 'dispute',
      amount: 17_600,
      payment_intent: providerPaymentId,
      reason: 'fraudulent',
      status: 'needs_response',
    });
    // The app's handling of disputes is another branch's (win3ds); Stripe refuses a refund of a disputed charge.
    await expect(provider.refundOneOff(providerPaymentId, siteId)).rejects.toMatchObject({
      code: 'charge_disputed',
    });
  });
});

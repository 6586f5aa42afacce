import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import fixtures from '@/server/payments/stripe-objects.fixture.json';
import {
  paidChargesByIntent,
  toBillingEvent,
  toCardChargeState,
  toDisputeState,
  toSiteChargeRecord,
} from '@/server/payments/stripe-mapping';

/**
 * Stripe's objects as Stripe sends them: the published fixtures of its OpenAPI document (stripe-objects.fixture.json),
 * changed only in what each case is about (docs/decisions/0047).
 */
const ours = { site_id: 'site-1', member_id: 'member-1', attempt_id: 'attempt-1' };
const intent = (over: Partial<Stripe.PaymentIntent>) =>
  ({
    ...fixtures.payment_intent,
    currency: 'jpy',
    amount: 8800,
    metadata: ours,
    ...over,
  }) as Stripe.PaymentIntent;
const dispute = (over: Partial<Stripe.Dispute>) =>
  ({ ...fixtures.dispute, currency: 'jpy', amount: 8800, ...over }) as unknown as Stripe.Dispute;
const eventOf = (type: string, object: unknown) =>
  ({ ...fixtures.event, type, data: { object } }) as unknown as Stripe.Event;

describe('Stripe disputes', () => {
  it('reads charge.dispute.created as a dispute to fetch, nothing else', () => {
    const event = toBillingEvent(eventOf('charge.dispute.created', dispute({ status: 'needs_response' })));
    expect(event).toMatchObject({ disputeId: fixtures.dispute.id, subscriptionId: null, chargeId: null });
    expect(event.paymentId).toBeNull();
  });

  it('names the disputed PaymentIntent, else the charge, its customer, and whether it is decided', () => {
    const charge = { ...fixtures.charge, customer: 'cus_fan' };
    const open = toDisputeState(
      dispute({ status: 'needs_response', payment_intent: 'pi_win', charge } as never),
    );
    expect(open).toMatchObject({
      providerPaymentId: 'pi_win',
      customerId: 'cus_fan',
      amountYen: 8800,
      status: 'open',
      providerStatus: 'needs_response',
    });
    // The fixture as published: an early warning on a charge without an intent is open, named by its charge.
    expect(toDisputeState(fixtures.dispute as unknown as Stripe.Dispute)).toMatchObject({
      providerPaymentId: fixtures.dispute.charge,
      customerId: null,
      status: 'open',
    });
    expect(toDisputeState(dispute({ status: 'won' })).status).toBe('won');
    expect(toDisputeState(dispute({ status: 'lost' })).status).toBe('lost');
  });
});

describe('Stripe presale card charges (3-D Secure)', () => {
  it('tells a card charge of ours from a konbini payment in payment_intent.* events', () => {
    const card = toBillingEvent(eventOf('payment_intent.succeeded', intent({ status: 'succeeded' })));
    expect(card).toMatchObject({ chargeId: fixtures.payment_intent.id, paymentId: null });
    const konbini = intent({ payment_method_types: ['konbini'], status: 'succeeded' });
    expect(toBillingEvent(eventOf('payment_intent.succeeded', konbini))).toMatchObject({
      chargeId: null,
      paymentId: fixtures.payment_intent.id,
    });
    // A subscription's own intents carry no attempt of ours.
    const invoiceIntent = intent({ metadata: {} });
    expect(toBillingEvent(eventOf('payment_intent.payment_failed', invoiceIntent)).chargeId).toBeNull();
  });

  it('keeps an off-session refusal that asks for authentication waiting, with the card to authenticate', () => {
    const refused = intent({
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        payment_method: { id: 'pm_card', object: 'payment_method' } as Stripe.PaymentMethod,
      },
    });
    expect(toCardChargeState(refused)).toMatchObject({
      status: 'requires_action',
      clientSecret: fixtures.payment_intent.client_secret,
      paymentMethodId: 'pm_card',
      attemptId: 'attempt-1',
      failureCode: null,
    });
    expect(toCardChargeState(intent({ status: 'requires_action' }))?.status).toBe('requires_action');
    expect(toCardChargeState(intent({ status: 'succeeded' }))?.status).toBe('succeeded');
    expect(toCardChargeState(intent({ status: 'canceled' }))?.status).toBe('canceled');
    const declined = intent({
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
    });
    expect(toCardChargeState(declined)).toMatchObject({
      status: 'failed',
      failureCode: 'insufficient_funds',
    });
    // Not ours: the fixture as published has no metadata.
    expect(toCardChargeState(fixtures.payment_intent as unknown as Stripe.PaymentIntent)).toBeNull();
  });
});

describe('Stripe membership invoices on the sales page', () => {
  const paidInvoice = (over: Record<string, unknown> = {}) =>
    ({
      ...fixtures.invoice,
      status: 'paid',
      currency: 'jpy',
      amount_paid: 5500,
      amount_due: 5500,
      customer: 'cus_fan',
      // API 2025-03-31 and later: the invoice's payments, expanded by the listing.
      payments: {
        object: 'list',
        has_more: false,
        url: '/v1/invoice_payments',
        data: [{ status: 'paid', payment: { type: 'payment_intent', payment_intent: 'pi_renewal' } }],
      },
      ...over,
    }) as unknown as Stripe.Invoice;
  const charge = (over: Partial<Stripe.Charge>) =>
    ({
      ...fixtures.charge,
      amount: 5500,
      currency: 'jpy',
      paid: true,
      payment_intent: 'pi_renewal',
      balance_transaction: { object: 'balance_transaction', fee: 198 },
      ...over,
    }) as unknown as Stripe.Charge;

  it('counts a refunded invoice (still paid at Stripe) as a sale and a refund, a partial one in part', () => {
    const read = (...charges: Stripe.Charge[]) =>
      toSiteChargeRecord(paidInvoice(), paidChargesByIntent(charges));
    expect(read(charge({ amount_refunded: 0 }))).toMatchObject({
      status: 'paid',
      amountYen: 5500,
      refundedYen: 0,
      feeYen: 198,
    });
    expect(read(charge({ amount_refunded: 5500, refunded: true }))).toMatchObject({
      status: 'refunded',
      amountYen: 5500,
    });
    // A declined attempt of the same intent is no payment; the paid charge says what was given back.
    const partly = read(charge({ paid: false, amount_refunded: 0 }), charge({ amount_refunded: 1000 }));
    expect(partly).toMatchObject({ status: 'paid', amountYen: 5500, refundedYen: 1000 });
    // Its charge not read (outside the window): no refund known, and no fee either.
    expect(read()).toMatchObject({ status: 'paid', refundedYen: 0, feeYen: null });
  });
});

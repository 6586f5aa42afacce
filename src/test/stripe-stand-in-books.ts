import { randomBytes } from 'node:crypto';
import {
  invalid,
  missing,
  type Json,
  type JsonObject,
  type Params,
  type Expander,
} from '@/test/stripe-stand-in-wire';

/**
 * The stand-in's books: what Stripe keeps for an account (customers, prices, subscriptions, invoices, payment
 * methods, SetupIntents), and each rendered in the shape of Stripe's API (version of the installed `stripe`).
 */

export interface StandInCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export const TEST_CARDS = {
  visa: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
  mastercard: { brand: 'mastercard', last4: '4444', expMonth: 8, expYear: 2033 },
  jcb: { brand: 'jcb', last4: '0000', expMonth: 3, expYear: 2032 },
  // Stripe's documented test cards whose charges do not go through (docs.stripe.com/testing):
  /** 4000002760003184 (pm_card_authenticationRequired): every charge needs 3-D Secure, off session too. */
  authenticationRequired: { brand: 'visa', last4: '3184', expMonth: 12, expYear: 2034 },
  /** 4000000000009995 (pm_card_visa_chargeDeclinedInsufficientFunds). */
  insufficientFunds: { brand: 'visa', last4: '9995', expMonth: 12, expYear: 2034 },
  /** 4000000000000002 (pm_card_chargeDeclined): declined, generic_decline. */
  declined: { brand: 'visa', last4: '0002', expMonth: 12, expYear: 2034 },
} satisfies Record<string, StandInCard>;

export interface CustomerRecord {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  defaultPaymentMethod: string | null;
  created: number;
}

export interface PriceRecord {
  id: string;
  product: string;
  lookupKey: string | null;
  active: boolean;
  currency: string;
  unitAmount: number;
  interval: 'month' | 'year';
  taxBehavior: string;
  metadata: Record<string, string>;
  created: number;
}

export interface SubscriptionRecord {
  id: string;
  itemId: string;
  customer: string;
  price: string;
  status: string;
  metadata: Record<string, string>;
  paymentBehavior: string;
  paymentSettings: Params;
  defaultPaymentMethod: string | null;
  latestInvoice: string;
  created: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  /** cancellation_details.comment */
  cancelComment?: string | null;
  /** The subscription schedule managing it, while one does (not released). */
  schedule?: string | null;
}

export interface InvoiceRecord {
  id: string;
  customer: string;
  subscription: string;
  status: 'open' | 'paid';
  /** A payment was tried (and, while the invoice stays open, failed). */
  attempted?: boolean;
  amount: number;
  clientSecret: string;
  created: number;
  periodStart: number;
  periodEnd: number;
  /** The PaymentIntent that paid it, when paid by card (stripe-stand-in-ledger.ts). */
  paymentIntent?: string;
  /** billing_reason: subscription_create unless said otherwise (a renewal's subscription_cycle). */
  billingReason?: string;
  /** auto_advance: false once Stripe stopped collecting it (a subscription of its customer was cancelled). */
  autoAdvance?: boolean;
}

export interface PaymentMethodRecord {
  id: string;
  customer: string | null;
  card: StandInCard;
  created: number;
}

export interface SetupIntentRecord {
  id: string;
  customer: string;
  status: 'requires_payment_method' | 'succeeded';
  usage: string;
  paymentMethod: string | null;
  paymentMethodTypes: string[];
  metadata: Record<string, string>;
  clientSecret: string;
  created: number;
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const date = new Date(seconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

export class Books implements Expander {
  readonly customers = new Map<string, CustomerRecord>();
  readonly products = new Map<string, { name: string; metadata: Record<string, string> }>();
  readonly prices = new Map<string, PriceRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly setupIntents = new Map<string, SetupIntentRecord>();
  private lastCardCreated = 0;
  /** How far the account's test clock runs ahead of the wall clock, in seconds. */
  private ahead = 0;

  /** Seconds since the epoch, as Stripe's timestamps (the test clock's time). */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.ahead;
  }

  /** Moves the test clock on; what falls due meanwhile is the caller's to apply (stripe-stand-in-clock.ts). */
  advance(seconds: number): void {
    this.ahead += seconds;
  }

  /** A card's `created`, strictly after the previous card's, so that "the newer card" is never a tie in tests. */
  cardCreated(): number {
    this.lastCardCreated = Math.max(this.now(), this.lastCardCreated + 1);
    return this.lastCardCreated;
  }

  get<T>(map: Map<string, T>, kind: string, id: string, param = 'id'): T {
    const found = map.get(id);
    if (!found) throw missing(kind, id, param);
    return found;
  }

  /**
   * What cancelling a subscription does to the money it was owed: "By default, upon subscription cancellation, Stripe
   * stops automatic collection of all finalized invoices for the customer" (the cancel call's documentation). An
   * open invoice stays open, with auto_advance false, and no retry tries it again.
   */
  stopCollecting(customerId: string): void {
    for (const invoice of this.invoices.values()) {
      if (invoice.customer === customerId && invoice.status === 'open') invoice.autoAdvance = false;
    }
  }

  attachedMethod(customerId: string, methodId: string, param: string): PaymentMethodRecord {
    const method = this.paymentMethods.get(methodId);
    if (!method) throw missing('PaymentMethod', methodId, param);
    if (method.customer !== customerId) {
      throw invalid(`The customer does not have a payment method with the ID ${methodId}.`, param);
    }
    return method;
  }

  customer(c: CustomerRecord): JsonObject {
    return {
      id: c.id,
      object: 'customer',
      balance: 0,
      created: c.created,
      default_source: null,
      description: null,
      email: c.email,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: c.defaultPaymentMethod,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: c.metadata,
      shipping: null,
    };
  }

  price(p: PriceRecord): JsonObject {
    return {
      id: p.id,
      object: 'price',
      active: p.active,
      billing_scheme: 'per_unit',
      created: p.created,
      currency: p.currency,
      livemode: false,
      lookup_key: p.lookupKey,
      metadata: p.metadata,
      product: p.product,
      recurring: { interval: p.interval, interval_count: 1, meter: null, usage_type: 'licensed' },
      tax_behavior: p.taxBehavior,
      type: 'recurring',
      unit_amount: p.unitAmount,
      unit_amount_decimal: String(p.unitAmount),
    };
  }

  subscription(s: SubscriptionRecord): JsonObject {
    const price = this.get(this.prices, 'price', s.price);
    return {
      id: s.id,
      object: 'subscription',
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: s.periodStart,
      cancel_at: s.cancelAt,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      canceled_at: s.canceledAt,
      cancellation_details: { comment: s.cancelComment ?? null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: s.created,
      currency: price.currency,
      customer: s.customer,
      default_payment_method: s.defaultPaymentMethod,
      ended_at: s.endedAt,
      items: {
        object: 'list',
        data: [
          {
            id: s.itemId,
            object: 'subscription_item',
            created: s.created,
            current_period_end: s.periodEnd,
            current_period_start: s.periodStart,
            metadata: {},
            price: this.price(price),
            quantity: 1,
            subscription: s.id,
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${s.id}`,
      },
      latest_invoice: s.latestInvoice,
      livemode: false,
      metadata: s.metadata,
      payment_settings: s.paymentSettings as JsonObject,
      pending_setup_intent: null,
      schedule: s.schedule ?? null,
      start_date: s.created,
      status: s.status,
    };
  }

  invoice(i: InvoiceRecord): JsonObject {
    const subscription = this.get(this.subscriptions, 'subscription', i.subscription);
    return {
      id: i.id,
      object: 'invoice',
      amount_due: i.amount,
      amount_paid: i.status === 'paid' ? i.amount : 0,
      amount_remaining: i.status === 'paid' ? 0 : i.amount,
      amount_shipping: 0,
      attempt_count: i.status === 'paid' || i.attempted === true ? 1 : 0,
      attempted: i.status === 'paid' || i.attempted === true,
      auto_advance: i.autoAdvance ?? true,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      billing_reason: i.billingReason ?? 'subscription_create',
      collection_method: 'charge_automatically',
      created: i.created,
      currency: 'jpy',
      customer: i.customer,
      default_tax_rates: [],
      lines: {
        object: 'list',
        data: [this.invoiceLine(i, subscription)],
        has_more: false,
        total_count: 1,
        url: `/v1/invoices/${i.id}/lines`,
      },
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: subscription.metadata, subscription: i.subscription },
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: i.periodEnd,
      period_start: i.periodStart,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      starting_balance: 0,
      status: i.status,
      status_transitions: {
        finalized_at: i.created,
        marked_uncollectible_at: null,
        paid_at: i.status === 'paid' ? i.created : null,
        voided_at: null,
      },
      subtotal: i.amount,
      total: i.amount,
    };
  }

  /** The invoice's one line: the subscription's item for the period it pays (the member's payment history). */
  private invoiceLine(i: InvoiceRecord, subscription: SubscriptionRecord): JsonObject {
    const price = this.get(this.prices, 'price', subscription.price);
    return {
      id: `il_${i.id.slice('in_'.length)}`,
      object: 'line_item',
      amount: i.amount,
      currency: 'jpy',
      description: null,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: i.id,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: i.subscription,
          subscription_item: subscription.itemId,
        },
      },
      period: { end: i.periodEnd, start: i.periodStart },
      pricing: {
        type: 'price_details',
        price_details: { price: price.id, product: price.product },
        unit_amount_decimal: String(price.unitAmount),
      },
      quantity: 1,
      subtotal: i.amount,
      taxes: [],
    };
  }

  paymentMethod(m: PaymentMethodRecord): JsonObject {
    return {
      id: m.id,
      object: 'payment_method',
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: m.card.brand,
        country: 'JP',
        display_brand: m.card.brand,
        exp_month: m.card.expMonth,
        exp_year: m.card.expYear,
        funding: 'credit',
        last4: m.card.last4,
      },
      created: m.created,
      customer: m.customer,
      livemode: false,
      metadata: {},
      type: 'card',
    };
  }

  setupIntent(s: SetupIntentRecord): JsonObject {
    return {
      id: s.id,
      object: 'setup_intent',
      client_secret: s.clientSecret,
      created: s.created,
      customer: s.customer,
      last_setup_error: null,
      livemode: false,
      metadata: s.metadata,
      payment_method: s.paymentMethod,
      allowed_payment_method_types: s.paymentMethodTypes,
      payment_method_types: s.paymentMethodTypes,
      status: s.status,
      usage: s.usage,
    };
  }

  byId(id: string): JsonObject | undefined {
    const find = <T>(map: Map<string, T>, render: (record: T) => JsonObject) => {
      const record = map.get(id);
      return record ? render.call(this, record) : undefined;
    };
    return (
      find(this.customers, this.customer) ??
      find(this.prices, this.price) ??
      find(this.subscriptions, this.subscription) ??
      find(this.invoices, this.invoice) ??
      find(this.paymentMethods, this.paymentMethod) ??
      find(this.setupIntents, this.setupIntent)
    );
  }

  includable(owner: JsonObject, field: string): Json | undefined {
    if (owner.object !== 'invoice' || field !== 'confirmation_secret' || typeof owner.id !== 'string') {
      return undefined;
    }
    const invoice = this.invoices.get(owner.id);
    return invoice ? { client_secret: invoice.clientSecret, type: 'payment_intent' } : null;
  }
}

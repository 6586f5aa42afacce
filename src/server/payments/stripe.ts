import 'server-only';
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '@/lib/errors';
import {
  CARD_CHANGE_PURPOSE,
  call,
  cardOf,
  expanded,
  isMissing,
  paidChargesByIntent,
  toBillingEvent,
  toPaymentRecord,
  toSiteChargeRecord,
  toSubscriptionState,
  type CardChange,
  type StripeBillingEvent,
} from '@/server/payments/stripe-mapping';
import { stripeKonbini } from '@/server/payments/stripe-konbini';
import { stripeCharges } from '@/server/payments/stripe-charges';
import type {
  BillablePlan,
  PaymentProvider,
  PaymentRecord,
  SiteChargeRecord,
  SubscriptionState,
} from '@/server/payments/types';

export type { CardChange, StripeBillingEvent } from '@/server/payments/stripe-mapping';

/** How long after its invoice a charge may come (Stripe retries a failed renewal for days). */
const CHARGE_LAG_SECONDS = 7 * 24 * 3600;

/** Stripe's own default: a signature older than five minutes is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;
const BAD_SIGNATURE = 'Stripeからの通知の署名を確認できませんでした。';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string;
  /** Where the API is: Stripe itself when unset; a local stand-in in tests. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export interface StripeProvider extends PaymentProvider {
  readonly kind: 'stripe';
  /** Verifies the signature over the raw body (AppError BAD_REQUEST when it fails) and reads the event. */
  parseWebhook(rawBody: string, signature: string | null): StripeBillingEvent;
  /** Makes a confirmed card the customer's and the subscription's default, unless a newer card already is. */
  applyCardChange(change: CardChange): Promise<void>;
}

export function isStripeProvider(provider: PaymentProvider): provider is StripeProvider {
  return provider.kind === 'stripe' && 'parseWebhook' in provider && 'applyCardChange' in provider;
}

const digest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

/** Changes with the amount or interval, so that a new price makes a new Price and members keep theirs. */
export const priceLookupKey = (siteId: string, plan: BillablePlan) =>
  `fc_${siteId}_${plan.code}_${plan.interval}_${plan.priceYen}jpy`;

function ourState(subscription: Stripe.Subscription): SubscriptionState {
  const state = toSubscriptionState(subscription);
  if (state) return state;
  throw new Error(`Stripe subscription ${subscription.id} has no site, member or plan in its metadata`);
}

export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const stripe = new Stripe(options.secretKey, {
    // A webhook waits on these calls inside its transaction: fail in seconds and let Stripe deliver it again.
    timeout: 20_000,
    ...(options.api ?? {}),
  });

  async function findOrCreatePrice(siteId: string, plan: BillablePlan): Promise<Stripe.Price> {
    const lookupKey = priceLookupKey(siteId, plan);
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0];
    const params: Stripe.PriceCreateParams = {
      currency: 'jpy',
      // Yen has no minor unit: 550 is ¥550. Our prices include consumption tax.
      unit_amount: plan.priceYen,
      tax_behavior: 'inclusive',
      recurring: { interval: plan.interval },
      lookup_key: lookupKey,
      transfer_lookup_key: true,
      product_data: { name: plan.name, metadata: { site_id: siteId, plan_code: plan.code } },
      metadata: { site_id: siteId, plan_id: plan.id },
    };
    // Two first subscribers at once create one Price, not two.
    return stripe.prices.create(params, { idempotencyKey: `price-${digest(params)}` });
  }

  async function defaultMethodOf(customerId: string): Promise<Stripe.PaymentMethod | null> {
    const customer = await stripe.customers.retrieve(customerId, {
      expand: ['invoice_settings.default_payment_method'],
    });
    if (customer.deleted) return null;
    return expanded(customer.invoice_settings.default_payment_method);
  }

  /**
   * The member's card: the first payment saves its card on the subscription (save_default_payment_method:
   * on_subscription), a card change on the customer too; the newest of these is the one the member last gave.
   */
  async function savedMethodOf(customerId: string): Promise<Stripe.PaymentMethod | null> {
    const [onCustomer, subscriptions] = await Promise.all([
      defaultMethodOf(customerId),
      stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 10,
        expand: ['data.default_payment_method'],
      }),
    ]);
    const methods = [onCustomer, ...subscriptions.data.map((s) => expanded(s.default_payment_method))];
    return methods.reduce<Stripe.PaymentMethod | null>(
      (best, method) => (method && (!best || method.created > best.created) ? method : best),
      null,
    );
  }

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,
    ...stripeKonbini(stripe, findOrCreatePrice),
    // A win is charged on the card the member's page shows (a member who only ever paid a subscription has it there).
    ...stripeCharges(stripe, savedMethodOf),

    async now() {
      return new Date();
    },

    createCustomer: ({ siteId, memberId, email }) =>
      call(async () => {
        const params = { email: email ?? undefined, metadata: { site_id: siteId, member_id: memberId } };
        // A retried sign-up step (within Stripe's 24 hours) gets the customer it already created.
        const customer = await stripe.customers.create(params, {
          idempotencyKey: `customer-${digest(params)}`,
        });
        return customer.id;
      }),

    startSubscription: ({ siteId, memberId, customerId, plan, attemptId }) =>
      call(async () => {
        const price = await findOrCreatePrice(siteId, plan);
        const subscription = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: price.id }],
            // Nothing is charged here: the browser confirms the first invoice's payment with Stripe's elements.
            payment_behavior: 'default_incomplete',
            payment_settings: {
              save_default_payment_method: 'on_subscription',
              payment_method_types: ['card'],
            },
            metadata: { site_id: siteId, member_id: memberId, plan_id: plan.id, attempt_id: attemptId },
            expand: ['latest_invoice.confirmation_secret'],
          },
          // Our payment attempt is the intent: asked again, Stripe answers with the subscription it made.
          { idempotencyKey: attemptId },
        );
        const clientSecret = expanded(subscription.latest_invoice)?.confirmation_secret?.client_secret;
        if (!clientSecret) {
          throw new Error(`Stripe subscription ${subscription.id} has no payment to confirm`);
        }
        return { kind: 'confirm', clientSecret, subscriptionId: subscription.id };
      }),

    retrieveSubscription: (subscriptionId) =>
      call(async () => {
        try {
          return toSubscriptionState(await stripe.subscriptions.retrieve(subscriptionId));
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      }),

    findSubscriptionOfAttempt: ({ customerId, attemptId, subscriptionId }) =>
      call(async () => {
        if (subscriptionId) return toSubscriptionState(await stripe.subscriptions.retrieve(subscriptionId));
        const found = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
        const made = found.data.find((subscription) => subscription.metadata.attempt_id === attemptId);
        return made ? toSubscriptionState(made) : null;
      }),

    listRecentSubscriptions: (since) =>
      call(async () => {
        const created = { gte: Math.floor(since.getTime() / 1000) };
        const found = await stripe.subscriptions
          .list({ status: 'all', created, limit: 100 })
          .autoPagingToArray({ limit: 1000 });
        return found.map(toSubscriptionState).filter((state): state is SubscriptionState => state !== null);
      }),

    refundSubscription: (subscriptionId) =>
      call(async () => {
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        const invoices = await stripe.invoices.list({
          subscription: subscriptionId,
          status: 'paid',
          limit: 24,
        });
        for (const invoice of invoices.data) {
          const payments = await stripe.invoicePayments.list({ invoice: invoice.id, status: 'paid' });
          for (const { payment } of payments.data) {
            const intent = payment.payment_intent;
            if (!intent) continue;
            // One refund per invoice whoever asks, however often.
            await stripe.refunds.create(
              { payment_intent: typeof intent === 'string' ? intent : intent.id },
              { idempotencyKey: `refund-${invoice.id}` },
            );
          }
        }
        if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
          await stripe.subscriptions.cancel(subscriptionId);
        }
      }),

    endSubscription: (subscriptionId) =>
      call(async () => {
        let subscription: Stripe.Subscription;
        try {
          subscription = await stripe.subscriptions.retrieve(subscriptionId);
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
        if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
          return toSubscriptionState(subscription);
        }
        // Stripe stops collecting the customer's finalized invoices when it cancels a subscription (the cancel
        // call's documented default): the failed renewal's open invoice is no longer retried. A DELETE takes no
        // idempotency key (Stripe ignores one); the retrieve above makes asking again a read.
        try {
          return toSubscriptionState(await stripe.subscriptions.cancel(subscriptionId));
        } catch (error) {
          // Cancelled meanwhile (another instance, the Dashboard, dunning's last retry): as it is now.
          const now = await stripe.subscriptions.retrieve(subscriptionId);
          if (now.status === 'canceled' || now.status === 'incomplete_expired')
            return toSubscriptionState(now);
          throw error;
        }
      }),

    setCancelAtPeriodEnd: (subscriptionId, cancel, reason = null) =>
      call(async () => {
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        const ended = current.status === 'canceled' || current.status === 'incomplete_expired';
        if (ended || current.cancel_at_period_end === cancel) return ourState(current);
        return ourState(
          await stripe.subscriptions.update(subscriptionId, {
            cancel_at_period_end: cancel,
            // The member's reason is kept by Stripe with the cancellation, so it arrives with every later state.
            cancellation_details: { comment: cancel ? (reason ?? '') : '' },
          }),
        );
      }),

    getCard: (customerId) =>
      call(async () => {
        try {
          return cardOf(await savedMethodOf(customerId));
        } catch (error) {
          // A customer Stripe does not know (deleted in the Dashboard, another account's key) has no card for us.
          if (isMissing(error)) return null;
          throw error;
        }
      }),

    listPayments: (customerId) =>
      call(async () => {
        const invoices = await stripe.invoices.list({ customer: customerId, limit: 24 });
        return invoices.data
          .map(toPaymentRecord)
          .filter((record): record is PaymentRecord => record !== null)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      }),

    listSiteCharges: (siteId, from, to) =>
      call(async () => {
        const created = { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) };
        // An invoice's charge comes at most a few days after the invoice (a renewal is charged about an hour
        // later, retries days later): charges are read over a window that long past the range.
        const chargesCreated = { ...created, lt: created.lt + CHARGE_LAG_SECONDS };
        const [invoices, charges] = await Promise.all([
          stripe.invoices
            .list({ created, limit: 100, expand: ['data.payments'] })
            .autoPagingToArray({ limit: 10_000 }),
          stripe.charges
            .list({ created: chargesCreated, limit: 100, expand: ['data.balance_transaction'] })
            .autoPagingToArray({ limit: 10_000 }),
        ]);
        const chargeOfIntent = paidChargesByIntent(charges);
        // One Stripe account may serve several sites: an invoice is this site's when its subscription says so.
        return invoices
          .filter((invoice) => invoice.parent?.subscription_details?.metadata?.site_id === siteId)
          .map((invoice) => toSiteChargeRecord(invoice, chargeOfIntent))
          .filter((record): record is SiteChargeRecord => record !== null)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      }),

    changeCard: ({ customerId, subscriptionId }) =>
      call(async () => {
        const intent = await stripe.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          metadata: {
            purpose: CARD_CHANGE_PURPOSE,
            ...(subscriptionId ? { subscription_id: subscriptionId } : {}),
          },
        });
        if (!intent.client_secret) throw new Error(`Stripe SetupIntent ${intent.id} has no client secret`);
        return { kind: 'confirm', clientSecret: intent.client_secret };
      }),

    applyCardChange: ({ customerId, paymentMethodId, subscriptionId }) =>
      call(async () => {
        const [current, method] = await Promise.all([
          defaultMethodOf(customerId),
          stripe.paymentMethods.retrieve(paymentMethodId),
        ]);
        // A late redelivery of an older change must not bring the old card back: the newest card wins.
        if (current && current.id !== method.id && current.created > method.created) return;
        if (current?.id !== method.id) {
          await stripe.customers.update(customerId, {
            invoice_settings: { default_payment_method: method.id },
          });
        }
        if (!subscriptionId) return;
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
        const owner =
          typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
        if (ended || owner !== customerId) return;
        const onSubscription = subscription.default_payment_method;
        const currentOnSubscription =
          typeof onSubscription === 'string' ? onSubscription : onSubscription?.id;
        if (currentOnSubscription === method.id) return;
        await stripe.subscriptions.update(subscriptionId, { default_payment_method: method.id });
      }),

    parseWebhook(rawBody, signature) {
      if (!signature) throw new AppError('BAD_REQUEST', BAD_SIGNATURE);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new AppError('BAD_REQUEST', BAD_SIGNATURE, { cause: error });
      }
      return toBillingEvent(event);
    },
  };
}

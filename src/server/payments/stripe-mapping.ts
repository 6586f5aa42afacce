import 'server-only';
import Stripe from 'stripe';
import { AppError } from '@/lib/errors';
import {
  CardError,
  type BillingEvent,
  type CardChargeState,
  type CardSummary,
  type DisputeState,
  type KonbiniState,
  type PaymentRecord,
  type SiteChargeRecord,
  type SubscriptionState,
  type SubscriptionStatus,
} from '@/server/payments/types';

/**
 * How Stripe's objects and errors (API version of the installed `stripe` package) read as ours. Kept apart from the client so
 * that the rules (which period end counts, what a paused subscription means) are in one short place.
 */

/** SetupIntents we create for a card change carry this purpose; other SetupIntents are none of our business. */
export const CARD_CHANGE_PURPOSE = 'card_change';

export interface CardChange {
  customerId: string;
  paymentMethodId: string;
  subscriptionId: string | null;
}

export interface StripeBillingEvent extends BillingEvent {
  /** A confirmed card change (`setup_intent.succeeded` of ours): the card to make the default. */
  cardChange: CardChange | null;
}

const STATUSES: Record<string, SubscriptionStatus> = {
  incomplete: 'incomplete',
  incomplete_expired: 'incomplete_expired',
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'unpaid',
  canceled: 'canceled',
  // A paused subscription bills nothing and grants nothing until it resumes: for us that is what unpaid means.
  paused: 'unpaid',
};

export const idOf = (value: string | { id: string }): string =>
  typeof value === 'string' ? value : value.id;
const toDate = (seconds: number | null | undefined) => (seconds == null ? null : new Date(seconds * 1000));

/** Ours only when its metadata names our site, member and plan; anything else in the account is not ours. */
export function toSubscriptionState(subscription: Stripe.Subscription): SubscriptionState | null {
  const { site_id: siteId, member_id: memberId, plan_id: planId } = subscription.metadata;
  if (!siteId || !memberId || !planId) return null;
  const status = STATUSES[subscription.status];
  // An unknown status must not be guessed into access: failing makes the webhook retry until the code knows it.
  if (!status)
    throw new Error(`Stripe subscription ${subscription.id} has an unknown status ${subscription.status}`);
  // Since API 2025-03-31 the period lives on each item; with one plan per subscription they agree.
  const ends = subscription.items.data.map((item) => item.current_period_end);
  let periodEnd = ends.length > 0 ? Math.max(...ends) : null;
  // A subscription cut short (unpaid, refunded) gave access until it ended, not until its period would have.
  if (status === 'canceled' && subscription.ended_at !== null && periodEnd !== null) {
    periodEnd = Math.min(periodEnd, subscription.ended_at);
  }
  // Stripe may express "leave at the period end" as cancel_at (Dashboard, newer API versions) instead of the flag.
  const cancelAt = subscription.cancel_at;
  const cancelAtPeriodEnd =
    subscription.cancel_at_period_end || (cancelAt !== null && periodEnd !== null && cancelAt <= periodEnd);
  return {
    providerSubscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    siteId,
    memberId,
    planId,
    status,
    currentPeriodEnd: toDate(periodEnd),
    cancelAtPeriodEnd,
    // As in the sandbox: when it ended, not when leaving was asked for (Stripe's canceled_at).
    canceledAt: status === 'canceled' ? toDate(subscription.ended_at ?? subscription.canceled_at) : null,
    cancelReason: subscription.cancellation_details?.comment || null,
    attemptId: subscription.metadata.attempt_id || null,
    // With payment_behavior default_incomplete a subscription leaves `incomplete` only once its first invoice is
    // paid; an expired one never was.
    paid: subscription.status !== 'incomplete' && subscription.status !== 'incomplete_expired',
    // Written with the subscription schedule's next phase (stripe.ts schedulePlanChange); the phase's own metadata
    // sets plan_id when it starts, so a change that took effect is no longer pending.
    pendingPlanId:
      subscription.metadata.next_plan_id && subscription.metadata.next_plan_id !== planId
        ? subscription.metadata.next_plan_id
        : null,
  };
}

/**
 * A konbini PaymentIntent of ours (metadata names site, member and attempt). Unpaid past its deadline Stripe puts it
 * back to requires_payment_method (or we cancelled it): for us it expired.
 */
export function toKonbiniState(intent: Stripe.PaymentIntent): KonbiniState | null {
  const { site_id: siteId, member_id: memberId, attempt_id: attemptId } = intent.metadata;
  if (!siteId || !memberId || !attemptId) return null;
  const details = intent.next_action?.konbini_display_details;
  const stores = details?.stores;
  // One number for every chain; 確認番号 is asked only by some (Seven-Eleven has none).
  const chain = stores?.familymart ?? stores?.lawson ?? stores?.ministop ?? stores?.seicomart ?? null;
  const expiresAt = toDate(details?.expires_at);
  const status =
    intent.status === 'succeeded'
      ? 'paid'
      : intent.status === 'requires_action' && (!expiresAt || expiresAt > new Date())
        ? 'pending'
        : 'expired';
  return {
    providerPaymentId: intent.id,
    siteId,
    memberId,
    attemptId,
    amountYen: intent.amount,
    status,
    paymentNumber: chain?.payment_code ?? null,
    confirmationNumber: chain?.confirmation_number ?? null,
    expiresAt,
    // The charge's time is not on the intent: the event that reports it (or now) is when the payment arrived.
    paidAt: null,
  };
}

/** Refusals after which the same PaymentIntent can still be authenticated by the fan on session. */
const AUTHENTICATE_AGAIN = new Set(['authentication_required', 'payment_intent_authentication_failure']);

/**
 * An off-session card PaymentIntent of a presale win (metadata names site, member and attempt; docs/decisions/0047).
 * One that asks for 3-D Secure is `requires_action`, or `requires_payment_method` after the off-session refusal or a
 * failed authentication: either way the fan can still authenticate it with its client secret and the card it tried.
 */
export function toCardChargeState(intent: Stripe.PaymentIntent): CardChargeState | null {
  const { site_id: siteId, member_id: memberId, attempt_id: attemptId } = intent.metadata;
  if (!siteId || !memberId || !attemptId || intent.payment_method_types?.includes('konbini')) return null;
  const lastError = intent.last_payment_error;
  const retriable =
    AUTHENTICATE_AGAIN.has(lastError?.code ?? '') || lastError?.decline_code === 'authentication_required';
  const status: CardChargeState['status'] =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'canceled'
        ? 'canceled'
        : intent.status === 'requires_action' ||
            intent.status === 'requires_confirmation' ||
            intent.status === 'processing' ||
            (intent.status === 'requires_payment_method' && retriable)
          ? 'requires_action'
          : 'failed';
  const method = intent.payment_method ?? lastError?.payment_method ?? null;
  return {
    providerPaymentId: intent.id,
    siteId,
    memberId,
    attemptId,
    amountYen: intent.amount,
    status,
    // The charge's time is not on the intent: the event that reports it (or now) is when the money arrived.
    paidAt: null,
    failureCode: status === 'failed' ? (lastError?.decline_code ?? lastError?.code ?? 'card_declined') : null,
    clientSecret: intent.client_secret,
    paymentMethodId: method ? idOf(method) : null,
  };
}

/** Stripe's dispute statuses that are a decision: the rest (needs_response, under_review, warning_*) are open. */
const DISPUTE_DECIDED: Record<string, 'won' | 'lost'> = { won: 'won', lost: 'lost' };

/** A Dispute (a chargeback) as ours: what it disputes (the PaymentIntent, else the charge) and whose it is. */
export function toDisputeState(dispute: Stripe.Dispute): DisputeState {
  const charge = expanded(dispute.charge);
  return {
    providerDisputeId: dispute.id,
    providerPaymentId: dispute.payment_intent ? idOf(dispute.payment_intent) : idOf(dispute.charge),
    customerId: charge?.customer ? idOf(charge.customer) : null,
    amountYen: dispute.amount,
    reason: dispute.reason,
    providerStatus: dispute.status,
    status: DISPUTE_DECIDED[dispute.status] ?? 'open',
    openedAt: new Date(dispute.created * 1000),
  };
}

/**
 * A charge as the member's payment history shows it: a paid invoice, or one whose payment was tried and failed
 * (open after an attempt, or given up as uncollectible). Drafts, voided invoices and a first invoice still waiting
 * for the browser's confirmation charged nothing and are left out. The period is the line's service period (the
 * invoice's own period_start/period_end describe the previous period for subscription renewals).
 */
export function toPaymentRecord(invoice: Stripe.Invoice): PaymentRecord | null {
  const paid = invoice.status === 'paid';
  const failed =
    invoice.status === 'uncollectible' || (invoice.status === 'open' && invoice.attempted === true);
  if (!paid && !failed) return null;
  const period = invoice.lines?.data?.[0]?.period ?? {
    start: invoice.period_start,
    end: invoice.period_end,
  };
  return {
    id: invoice.id ?? '',
    // Yen has no minor unit: 550 is ¥550.
    amountYen: paid ? invoice.amount_paid : invoice.amount_due,
    status: paid ? 'paid' : 'failed',
    periodStart: new Date(period.start * 1000),
    periodEnd: new Date(period.end * 1000),
    createdAt: new Date(invoice.created * 1000),
  };
}

/** The PaymentIntents that paid an invoice (its `payments`, expanded when listed; API 2025-03-31 and later). */
export function invoiceIntents(invoice: Stripe.Invoice): string[] {
  return (invoice.payments?.data ?? [])
    .filter((payment) => payment.status === 'paid' && payment.payment.payment_intent)
    .map((payment) => idOf(payment.payment.payment_intent!));
}

/**
 * A site's subscription charge for the sales page, with its fee and what was given back of it, from the paid
 * charges of its PaymentIntents (read with their balance transactions). A refunded invoice stays `paid` at Stripe
 * (the refund is on its payment's charge): refunded whole, it is a sale and then a refund; in part, `refundedYen`
 * says how much (docs/decisions/0047). The fee is known when every paid payment's charge was read with it.
 */
export function toSiteChargeRecord(
  invoice: Stripe.Invoice,
  chargeOfIntent: ReadonlyMap<string, Stripe.Charge>,
): SiteChargeRecord | null {
  const record = toPaymentRecord(invoice);
  const customer = invoice.customer;
  if (!record || !customer) return null;
  const intents = invoiceIntents(invoice);
  const charges = intents.flatMap((intent) => chargeOfIntent.get(intent) ?? []);
  const fees = charges.map((charge) => expanded(charge.balance_transaction)?.fee);
  const feeKnown =
    intents.length > 0 && fees.length === intents.length && fees.every((fee) => fee !== undefined);
  const refundedYen = Math.min(
    record.amountYen,
    charges.reduce((sum, charge) => sum + charge.amount_refunded, 0),
  );
  const whole = record.status === 'paid' && refundedYen > 0 && refundedYen >= record.amountYen;
  return {
    ...record,
    status: whole ? 'refunded' : record.status,
    refundedYen: record.status === 'paid' ? refundedYen : 0,
    customerId: idOf(customer),
    feeYen: feeKnown ? fees.reduce<number>((sum, fee) => sum + (fee ?? 0), 0) : null,
  };
}

/** The paid charges of a list by their PaymentIntent (a declined attempt is a charge too, with no money). */
export function paidChargesByIntent(charges: readonly Stripe.Charge[]): Map<string, Stripe.Charge> {
  return new Map(
    charges.flatMap((charge) =>
      charge.paid && charge.payment_intent ? [[idOf(charge.payment_intent), charge]] : [],
    ),
  );
}

/** An invoice's subscription: under `parent` since API 2025-03-31, top-level in payloads of older endpoints. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const current = invoice.parent?.subscription_details?.subscription;
  if (current) return idOf(current);
  // A webhook endpoint keeps the API version it was created with, so its payloads may predate `parent`.
  const legacy = (invoice as unknown as { subscription?: unknown }).subscription;
  return typeof legacy === 'string' ? legacy : null;
}

function subscriptionOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.pending_update_applied':
    case 'customer.subscription.pending_update_expired':
    case 'customer.subscription.trial_will_end':
      return event.data.object.id;
    case 'invoice.created':
    case 'invoice.finalized':
    case 'invoice.finalization_failed':
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
    case 'invoice.payment_action_required':
    case 'invoice.marked_uncollectible':
    case 'invoice.overdue':
    case 'invoice.updated':
    case 'invoice.voided':
      return invoiceSubscriptionId(event.data.object);
    default:
      return null;
  }
}

function cardChangeOf(event: Stripe.Event): CardChange | null {
  if (event.type !== 'setup_intent.succeeded') return null;
  const intent = event.data.object;
  if (intent.metadata?.purpose !== CARD_CHANGE_PURPOSE || !intent.customer || !intent.payment_method)
    return null;
  return {
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    subscriptionId: intent.metadata.subscription_id || null,
  };
}

/** payment_intent.* events of our konbini payments (a card subscription's intents are read through its invoice). */
function konbiniIntentOf(event: Stripe.Event): string | null {
  if (!event.type.startsWith('payment_intent.')) return null;
  const intent = event.data.object as Stripe.PaymentIntent;
  return intent.metadata?.attempt_id && intent.payment_method_types?.includes('konbini') ? intent.id : null;
}

/** payment_intent.* events of our presale card charges (off session, with our attempt in the metadata). */
function cardIntentOf(event: Stripe.Event): string | null {
  if (!event.type.startsWith('payment_intent.')) return null;
  const intent = event.data.object as Stripe.PaymentIntent;
  const card = !intent.payment_method_types || !intent.payment_method_types.includes('konbini');
  return intent.metadata?.attempt_id && card ? intent.id : null;
}

/** charge.dispute.* events: the dispute is read again from Stripe when applied. */
function disputeOf(event: Stripe.Event): string | null {
  if (!event.type.startsWith('charge.dispute.')) return null;
  return (event.data.object as Stripe.Dispute).id;
}

export function toBillingEvent(event: Stripe.Event): StripeBillingEvent {
  return {
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
    subscriptionId: subscriptionOf(event),
    paymentId: konbiniIntentOf(event),
    chargeId: cardIntentOf(event),
    disputeId: disputeOf(event),
    cardChange: cardChangeOf(event),
  };
}

const UNREACHABLE = '決済サービスに接続できませんでした。時間をおいて再度お試しください。';

/**
 * Stripe's errors, as the rest of the product knows them: a refused card is a CardError with Stripe's codes; Stripe
 * being out of reach (or failing) is UNAVAILABLE, so a webhook answers 503 and Stripe delivers it again.
 */
export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new CardError(error.code ?? 'card_declined', error.decline_code ?? null);
    }
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      throw new AppError('UNAVAILABLE', UNREACHABLE, { cause: error });
    }
    throw error;
  }
}

export const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

export const cardOf = (method: Stripe.PaymentMethod | null): CardSummary | null =>
  method?.card
    ? {
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      }
    : null;

export const expanded = <T extends { id: string }>(value: string | T | null | undefined): T | null =>
  value && typeof value === 'object' ? value : null;

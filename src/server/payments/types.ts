import type { Db } from '@/server/db/client';
import type { SUBSCRIPTION_STATUSES } from '@/server/db/schema';

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type PaymentProviderKind = 'stripe' | 'sandbox';

/** A plan as the provider needs it: our plan id (kept in the subscription's metadata), price and interval. */
export interface BillablePlan {
  id: string;
  code: string;
  name: string;
  interval: 'month' | 'year';
  /** Yen, tax included. */
  priceYen: number;
}

/** The provider's truth about one subscription, with our ids from its metadata. */
export interface SubscriptionState {
  providerSubscriptionId: string;
  customerId: string;
  siteId: string;
  memberId: string;
  planId: string;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  /** Why the member left, kept by the provider with the cancellation (Stripe's cancellation_details.comment). */
  cancelReason: string | null;
  /** Our payment attempt that started it (metadata), when it was started by one. */
  attemptId: string | null;
  /** Whether it has been paid for: a subscription nobody paid for never makes a member. */
  paid: boolean;
  /** The plan it switches to at the next renewal, when the member asked for a change (docs/decisions/0026). */
  pendingPlanId: string | null;
}

/** The provider's truth about one konbini payment (Stripe: a PaymentIntent with payment_method_types konbini). */
export interface KonbiniState {
  providerPaymentId: string;
  siteId: string;
  memberId: string;
  /** Our one-off payment (metadata.attempt_id). */
  attemptId: string;
  amountYen: number;
  status: 'pending' | 'paid' | 'expired';
  paymentNumber: string | null;
  confirmationNumber: string | null;
  expiresAt: Date | null;
  paidAt: Date | null;
}

/**
 * The provider's truth about an off-session card charge of a presale win (Stripe: its PaymentIntent, whose metadata
 * names ours). `requires_action`: the card company asks for the fan's 3-D Secure authentication; `failed`: refused
 * (nothing charged); `canceled`: given up (the deadline passed). `clientSecret` and `paymentMethodId` are what the
 * browser needs to authenticate it on Stripe (null in the sandbox).
 */
export interface CardChargeState {
  providerPaymentId: string;
  siteId: string;
  memberId: string;
  attemptId: string;
  amountYen: number;
  status: 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  paidAt: Date | null;
  failureCode: string | null;
  clientSecret: string | null;
  paymentMethodId: string | null;
}

/** What an off-session charge did: paid, or waiting for the fan's authentication. */
export type CardChargeResult =
  | { status: 'paid'; providerPaymentId: string; paidAt: Date }
  | { status: 'requires_action'; providerPaymentId: string };

/** A chargeback as the provider has it now (Stripe: a Dispute). */
export interface DisputeState {
  providerDisputeId: string;
  /** The PaymentIntent (Stripe) or the sandbox's charge or invoice disputed. */
  providerPaymentId: string | null;
  /** The disputed charge's customer: how a membership charge finds its member. */
  customerId: string | null;
  amountYen: number;
  reason: string;
  /** The provider's own word (needs_response, under_review, won, lost, ...). */
  providerStatus: string;
  /** Ours: open until the card company decided. */
  status: 'open' | 'won' | 'lost';
  openedAt: Date;
}

/** A verified provider event. Only its id and the subscription it concerns matter: the state is fetched fresh. */
export interface BillingEvent {
  id: string;
  type: string;
  created: Date;
  subscriptionId: string | null;
  /** The one-off payment (a konbini PaymentIntent) a payment_intent.* event is about. */
  paymentId?: string | null;
  /** The presale card charge (an off-session PaymentIntent) a payment_intent.* event is about (0047). */
  chargeId?: string | null;
  /** The dispute a charge.dispute.* event is about (0047). */
  disputeId?: string | null;
}

export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Card details typed into the sandbox's own form (Stripe's cards never reach our server). */
export interface SandboxCardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * What the payment step needs to take a card:
 * - `confirm`: the browser confirms `clientSecret` with Stripe's own elements (Stripe);
 * - `complete`: nothing more to do, the subscription's events were applied (sandbox).
 */
export type SubscriptionStart =
  | { kind: 'confirm'; clientSecret: string; subscriptionId: string }
  | { kind: 'complete'; subscriptionId: string };

/** One charge of a subscription, as the provider's invoices record it. */
export interface PaymentRecord {
  id: string;
  /** Yen, tax included. */
  amountYen: number;
  status: 'paid' | 'failed' | 'refunded';
  periodStart: Date;
  periodEnd: Date;
  createdAt: Date;
}

/** A subscription charge of any customer of a site, for the owner's sales (docs/decisions/0026, amended). */
export interface SiteChargeRecord extends PaymentRecord {
  customerId: string;
  /** The provider's fee in yen where it reports one; null where it does not (the sandbox never does). */
  feeYen: number | null;
  /** Of a `paid` charge, the part given back (a partial refund); a whole refund is status `refunded`. */
  refundedYen?: number;
}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** What the browser needs: Stripe's publishable key, or nothing for the sandbox. */
  readonly publishableKey: string | null;
  /** The current time of the site's billing (the sandbox's test clock may run ahead). */
  now(siteId: string): Promise<Date>;
  createCustomer(input: { siteId: string; memberId: string; email: string | null }): Promise<string>;
  /**
   * Starts a subscription of the plan for our payment attempt, whose id is the idempotency key: asked again with
   * the same attempt, the provider answers with the subscription it made the first time and charges nothing more. A
   * refused card throws `CardError` and leaves nothing behind that would stop a second try.
   */
  startSubscription(input: {
    siteId: string;
    memberId: string;
    customerId: string;
    plan: BillablePlan;
    card?: SandboxCardInput;
    attemptId: string;
  }): Promise<SubscriptionStart>;
  /**
   * The subscription as the provider has it now. `within`: the transaction to read in, for a provider that keeps its
   * books in our database (the sandbox; with a one-connection pool a second connection would wait forever).
   */
  retrieveSubscription(subscriptionId: string, within?: Db): Promise<SubscriptionState | null>;
  /** The subscription our attempt made, if the provider made one (found by the attempt in its metadata). */
  findSubscriptionOfAttempt(input: {
    customerId: string;
    attemptId: string;
    subscriptionId: string | null;
  }): Promise<SubscriptionState | null>;
  /** Subscriptions of ours created at the provider since then (reconciliation), newest first, at most 1,000. */
  listRecentSubscriptions(since: Date): Promise<SubscriptionState[]>;
  /** Ends the subscription at once and refunds what it charged; asking again changes nothing. */
  refundSubscription(subscriptionId: string): Promise<void>;
  /**
   * Ends the subscription at once and refunds nothing: nothing of it is charged again, its open (failed) invoice
   * included, which the provider no longer collects. Answers the subscription as it is after (null: the provider
   * does not know it); asking again changes nothing.
   */
  endSubscription(subscriptionId: string): Promise<SubscriptionState | null>;
  /** Leaving (true, with the member's reason) or taking it back (false); idempotent. */
  setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
    reason?: string | null,
  ): Promise<SubscriptionState>;
  getCard(customerId: string): Promise<CardSummary | null>;
  /** The customer's charges, newest first (at most the last 24). */
  listPayments(customerId: string): Promise<PaymentRecord[]>;
  /** Every customer's charges of the site made in [from, to), oldest first: the sales page's card subscriptions. */
  listSiteCharges(siteId: string, from: Date, to: Date): Promise<SiteChargeRecord[]>;
  /**
   * Issues a konbini voucher for our one-off payment, whose id is the idempotency key: asked again with the same
   * attempt, the provider answers with the voucher it issued the first time.
   */
  issueKonbini(input: {
    siteId: string;
    memberId: string;
    customerId: string;
    amountYen: number;
    description: string;
    attemptId: string;
    /** Days the fan has to pay (Stripe's expires_after_days). */
    days: number;
  }): Promise<KonbiniState>;
  /** The konbini payment as the provider has it now (`within`: as for retrieveSubscription). */
  retrieveKonbini(paymentId: string, within?: Db): Promise<KonbiniState | null>;
  /** The voucher our attempt issued, if the provider issued one (after a crash before we noted it). */
  findKonbiniOfAttempt(attemptId: string): Promise<KonbiniState | null>;
  /**
   * Charges the customer's saved card once for our one-off payment (a presale win), off session; the attempt's id is
   * the idempotency key, so asked again it answers what the first call did and charges nothing more. A refused card
   * throws `CardError` (again on a retry with the same key: a new try needs a new attempt). A card whose company asks
   * for 3-D Secure answers `requires_action`: the same charge waits for the fan (`retrieveCardCharge`).
   */
  chargeSavedCard(input: {
    siteId: string;
    memberId: string;
    customerId: string;
    amountYen: number;
    description: string;
    attemptId: string;
  }): Promise<CardChargeResult>;
  /** The card charge as the provider has it now (`within`: as for retrieveSubscription); null if unknown. */
  retrieveCardCharge(providerPaymentId: string, within?: Db): Promise<CardChargeState | null>;
  /**
   * Gives up a card charge still waiting for authentication (the deadline passed); answers the charge as it is
   * after: one the fan authenticated first stays succeeded, and is paid.
   */
  cancelCardCharge(providerPaymentId: string, siteId: string): Promise<CardChargeState | null>;
  /** The dispute as the provider has it now; null if unknown (`within`: as for retrieveSubscription). */
  retrieveDispute(disputeId: string, within?: Db): Promise<DisputeState | null>;
  /** Gives back a paid one-off payment (a card charge or a paid konbini voucher) whole; asking again changes nothing. */
  refundOneOff(providerPaymentId: string, siteId: string): Promise<void>;
  /**
   * Gives back part of a paid one-off payment (a resold ticket's face value less the club's fee, docs/decisions/0049)
   * once per `key`: asked again with the same key it refunds nothing more.
   */
  refundOneOffPart(input: {
    providerPaymentId: string;
    siteId: string;
    amountYen: number;
    key: string;
  }): Promise<void>;
  /** Cancels a konbini voucher not yet paid; answers the payment as it is after (a voucher already paid stays paid). */
  cancelKonbini(paymentId: string): Promise<KonbiniState | null>;
  /** Switches the subscription to `planId` at its next renewal (null: takes a pending change back); idempotent. */
  schedulePlanChange(
    subscriptionId: string,
    plan: BillablePlan | null,
    siteId: string,
  ): Promise<SubscriptionState>;
  /** Stripe: a SetupIntent's secret for the elements; sandbox: the card is replaced at once. */
  changeCard(input: {
    customerId: string;
    subscriptionId: string | null;
    card?: SandboxCardInput;
  }): Promise<{ kind: 'confirm'; clientSecret: string } | { kind: 'complete' }>;
}

/** Stripe's card error codes, as `code` and `decline_code`; the message shown is decided by billing. */
export class CardError extends Error {
  readonly code: string;
  readonly declineCode: string | null;

  constructor(code: string, declineCode: string | null = null) {
    super(`card refused: ${code}${declineCode ? ` (${declineCode})` : ''}`);
    this.name = 'CardError';
    this.code = code;
    this.declineCode = declineCode;
  }
}

import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members, plans, sites } from './core-schema';
import { presaleApplications } from './presale-schema';
import { resaleMatches } from './resale-schema';

export const PAYMENT_ATTEMPT_STATUSES = ['open', 'succeeded', 'abandoned', 'refunded'] as const;

/**
 * A fan's intent to pay, written before the provider is called (docs/decisions/0018). Its id is the provider's
 * idempotency key, so a retry after any failure (a crash, an outage, a lost answer) resumes the same payment instead
 * of starting another or doing nothing. The partial unique index holds "one payment at a time" for each purpose.
 * `succeeded` is written in the transaction that makes the membership; `abandoned` when the provider charged nothing;
 * `refunded` when it charged for something we could not give.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    purpose: text('purpose', { enum: ['membership'] }).notNull(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull().default('open'),
    /** The provider's subscription this attempt made, once known. */
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payment_attempts_one_open_key')
      .on(table.memberId, table.purpose)
      .where(sql`${table.status} = 'open'`),
    index('payment_attempts_open_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'open'`),
  ],
);

/**
 * The sandbox's outgoing events (Stripe's webhook deliveries): written in the same transaction as the change they
 * report, delivered after it commits, and delivered again until our handler has taken them, so that a crash on
 * either side loses none.
 */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    /** Delivery order: the order they were written in. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    subscriptionId: text('subscription_id'),
    /** The one-off payment (a konbini or card PaymentIntent) it is about, for payment_intent.* events. */
    paymentId: text('payment_id'),
    /** The dispute it is about, for charge.dispute.* events. */
    disputeId: text('dispute_id'),
    /** When it happened on the sandbox's (test) clock. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('sandbox_events_pending_idx')
      .on(table.seq)
      .where(sql`${table.deliveredAt} IS NULL`),
  ],
);

export const PAYMENT_PURPOSES = ['membership', 'presale', 'resale'] as const;
/**
 * `failed`: a card refused (nothing charged; a new attempt is a new row); `refunded`: paid, then given back;
 * `pending`: the provider holds a payment the fan must complete: a konbini voucher to pay, or a card charge that
 * needs the fan's 3-D Secure authentication (method `card`, docs/decisions/0047).
 */
export const ONE_OFF_STATUSES = [
  'issuing',
  'pending',
  'paid',
  'expired',
  'canceled',
  'failed',
  'refunded',
] as const;

/**
 * A one-off payment for a purpose (a membership period now, a presale win later): a konbini voucher (docs/decisions
 * 0026). The row is the attempt of 0018: written as `issuing` before the provider is called, its id the idempotency
 * key; `pending` once the voucher is issued; `paid` in the transaction that grants what it pays for; `expired` when
 * the deadline passed unpaid; `canceled` when the provider never issued it. One open (issuing or pending) payment per
 * member and purpose, held by the partial unique index.
 */
export const oneOffPayments = pgTable(
  'one_off_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    /** The plan a membership period is for. */
    planId: uuid('plan_id').references(() => plans.id),
    /** The presale win it pays for (purpose `presale`, docs/decisions/0032). */
    presaleApplicationId: uuid('presale_application_id').references(() => presaleApplications.id, {
      onDelete: 'cascade',
    }),
    /** The resale match it pays for (purpose `resale`, docs/decisions/0049). */
    resaleMatchId: uuid('resale_match_id').references(() => resaleMatches.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['konbini', 'card'] })
      .notNull()
      .default('konbini'),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    /** Yen, tax included. */
    amountYen: integer('amount_yen').notNull(),
    status: text('status', { enum: ONE_OFF_STATUSES }).notNull().default('issuing'),
    providerPaymentId: text('provider_payment_id').unique(),
    /** お支払い番号 and 確認番号 of the voucher (the confirmation number only for the chains that ask for it). */
    paymentNumber: text('payment_number'),
    confirmationNumber: text('confirmation_number'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** A refused card's code (Stripe's decline code or code). */
    failureCode: text('failure_code'),
    /** The membership period it paid for. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('one_off_payments_one_open_key')
      .on(table.memberId, table.purpose)
      .where(sql`${table.status} in ('issuing', 'pending') and ${table.purpose} = 'membership'`),
    // A presale win is charged at most once: one open or paid payment per application (a refused card is `failed`).
    uniqueIndex('one_off_payments_one_per_application')
      .on(table.presaleApplicationId)
      .where(sql`${table.status} in ('issuing', 'pending', 'paid')`),
    // A resale match is charged at most once, as a win is.
    uniqueIndex('one_off_payments_one_per_resale_match')
      .on(table.resaleMatchId)
      .where(sql`${table.status} in ('issuing', 'pending', 'paid')`),
    index('one_off_payments_member_idx').on(table.memberId, table.createdAt),
    index('one_off_payments_open_idx')
      .on(table.createdAt)
      .where(sql`${table.status} in ('issuing', 'pending')`),
    check(
      'one_off_payments_membership_plan',
      sql`${table.purpose} <> 'membership' or ${table.planId} is not null`,
    ),
    check(
      'one_off_payments_presale_application',
      sql`${table.purpose} <> 'presale' or ${table.presaleApplicationId} is not null`,
    ),
    check(
      'one_off_payments_resale_match',
      sql`${table.purpose} <> 'resale' or ${table.resaleMatchId} is not null`,
    ),
  ],
);

/** The sandbox's partial refunds of a one-off payment (a resold ticket's face value), keyed by the caller's key. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  providerPaymentId: text('provider_payment_id').notNull(),
  siteId: uuid('site_id').notNull(),
  amountYen: integer('amount_yen').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The sandbox's konbini PaymentIntents (Stripe keeps these on its side). */
export const sandboxKonbiniPayments = pgTable('sandbox_konbini_payments', {
  id: text('id').primaryKey(),
  siteId: uuid('site_id').notNull(),
  memberId: uuid('member_id').notNull(),
  /** Our one-off payment (Stripe: metadata.attempt_id and the idempotency key). */
  attemptId: text('attempt_id').notNull().unique(),
  amountYen: integer('amount_yen').notNull(),
  status: text('status', { enum: ['requires_action', 'succeeded', 'canceled'] }).notNull(),
  paymentNumber: text('payment_number').notNull(),
  confirmationNumber: text('confirmation_number').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The sandbox's one-off card charges of a saved card (Stripe: an off-session PaymentIntent), keyed by our attempt. */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  siteId: uuid('site_id').notNull(),
  customerId: text('customer_id').notNull(),
  attemptId: text('attempt_id').notNull().unique(),
  amountYen: integer('amount_yen').notNull(),
  /** `requires_action`: the card asks for the fan's 3-D Secure authentication (docs/decisions/0047). */
  status: text('status', {
    enum: ['requires_action', 'succeeded', 'failed', 'refunded', 'canceled'],
  }).notNull(),
  failureCode: text('failure_code'),
  memberId: uuid('member_id'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
});

export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;

/**
 * A chargeback (Stripe: a Dispute) of a payment of ours, written by the provider's event (docs/decisions/0047). It
 * marks the payment and changes nothing else: the owner is told and decides; the ticket or membership stays as it is.
 * `providerPaymentId` is what the provider disputes (a PaymentIntent, or the sandbox's charge or invoice id);
 * `oneOffPaymentId` our payment row where we keep one (a presale card charge).
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    providerDisputeId: text('provider_dispute_id').notNull().unique(),
    providerPaymentId: text('provider_payment_id'),
    oneOffPaymentId: uuid('one_off_payment_id').references(() => oneOffPayments.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    amountYen: integer('amount_yen').notNull(),
    /** The card network's reason as the provider names it (fraudulent, product_not_received, ...). */
    reason: text('reason').notNull(),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
    /** The provider's own status word, kept as it came (needs_response, under_review, won, lost, ...). */
    providerStatus: text('provider_status').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When staff marked it 対応済み (what they did, in `handledNote`), and who: the decision stays with people. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
    handledNote: text('handled_note'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_disputes_site_idx').on(table.siteId, table.openedAt)],
);

/** The sandbox's disputes (Stripe keeps these on its side): made by the tests' and the demo's hook. */
export const sandboxDisputes = pgTable('sandbox_disputes', {
  id: text('id').primaryKey(),
  siteId: uuid('site_id').notNull(),
  customerId: text('customer_id').notNull(),
  /** The sandbox charge (pi_sb_card_…) or invoice (in_sb_…) disputed. */
  paymentId: text('payment_id').notNull(),
  amountYen: integer('amount_yen').notNull(),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['needs_response', 'under_review', 'won', 'lost'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
});

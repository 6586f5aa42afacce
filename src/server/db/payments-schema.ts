import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members, plans, sites } from './core-schema';

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

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members, sites } from './core-schema';
import { tickets } from './tickets-schema';

export const SUPPORT_SUBJECTS = ['general', 'payment', 'ticket'] as const;
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export const SUPPORT_AUTHORS = ['member', 'staff'] as const;

/**
 * A fan's question to the club (お問い合わせ, decision 0053), with what the club needs to know without asking: the
 * member number and plan as they were when it was sent, the page the fan came from, and the payment or ticket it is
 * about. Kept two years after its last message, then deleted with its messages (the support retention job).
 */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    subject: text('subject', { enum: SUPPORT_SUBJECTS }).notNull(),
    /** The payment's id as My page's history names it (the provider's invoice or our one-off payment). */
    paymentRef: text('payment_ref'),
    /** The payment as the fan saw it when asking (date, plan, amount, method, status): the provider may forget it. */
    paymentLabel: text('payment_label'),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    ticketLabel: text('ticket_label'),
    /** The site path the fan came from (a path of this site only, never a query). */
    fromPath: text('from_path'),
    memberNumber: integer('member_number'),
    planName: text('plan_name'),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_threads_site_idx').on(table.siteId, table.lastMessageAt),
    index('support_threads_member_idx').on(table.memberId, table.lastMessageAt),
  ],
);

/** One message of a thread: the fan's or a staff member's answer. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    author: text('author', { enum: SUPPORT_AUTHORS }).notNull(),
    /** The staff member's uid and the name the fan sees (the club's name, not a person's, unless staff choose). */
    staffUid: text('staff_uid'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_messages_thread_idx').on(table.threadId, table.createdAt),
    check('support_messages_body_check', sql`char_length(${table.body}) BETWEEN 1 AND 2000`),
  ],
);

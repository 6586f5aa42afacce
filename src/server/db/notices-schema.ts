import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members, sites } from './core-schema';

/** Where a notice's mail stands (docs/decisions/0028). */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;

/**
 * One notice to one member: the お知らせ row on My page and, in the same row, its mail's job (an outbox). Written in
 * the transaction of the change that causes it, so the two commit or roll back together. The delivery key (unique
 * per site) makes enqueueing idempotent: a retried cause writes no second notice, and the worker sends each row once
 * with the key in its Message-ID.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The member it is for; null for a mail to the club's staff (`toAddress`), which no inbox shows. */
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    /** A staff mail's address (an owner's, docs/decisions/0047); a member's notice goes to the member's address. */
    toAddress: text('to_address'),
    /** A template's name (src/features/notices/templates). */
    kind: text('kind').notNull(),
    deliveryKey: text('delivery_key').notNull(),
    /** What the template needs, taken when the cause happened. */
    data: jsonb('data').notNull().$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    mailStatus: text('mail_status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    /** Attempts the mail server refused (a server that could not be reached counts none). */
    mailAttempts: integer('mail_attempts').notNull().default(0),
    /** Pending: not before then; sending: the worker's lease ends then (a crashed worker's row is taken again). */
    mailDueAt: timestamp('mail_due_at', { withTimezone: true }).notNull().defaultNow(),
    mailError: text('mail_error'),
    mailSentAt: timestamp('mail_sent_at', { withTimezone: true }),
  },
  (table) => [
    check('notices_recipient', sql`${table.memberId} is not null or ${table.toAddress} is not null`),
    uniqueIndex('notices_delivery_key').on(table.siteId, table.deliveryKey),
    index('notices_member_idx').on(table.memberId, table.createdAt),
    index('notices_mail_due_idx')
      .on(table.mailDueAt)
      .where(sql`${table.mailStatus} in ('pending', 'sending')`),
    index('notices_mail_failed_idx')
      .on(table.siteId, table.createdAt)
      .where(sql`${table.mailStatus} = 'failed'`),
  ],
);

/** Which optional mails a member gets; no row means every one. Money and ticket mails are always sent. */
export const noticePreferences = pgTable('notice_preferences', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  announcements: boolean('announcements').notNull().default(true),
  reminders: boolean('reminders').notNull().default(true),
  /** The birthday greeting's mail (an optional topic, with its unsubscribe link). */
  birthday: boolean('birthday').notNull().default(true),
  /** The birthday greeting at all: off, no お知らせ, no mail and no decoration on the member card. */
  birthdayGreeting: boolean('birthday_greeting').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A staff announcement: one row here, one notice per recipient (written in the same transaction). */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: ['premium', 'all'] }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    recipients: integer('recipients').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('announcements_site_idx').on(table.siteId, table.createdAt)],
);

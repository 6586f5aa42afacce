import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members, sites, timestamps } from './core-schema';
import { presaleOfferings, presalePerformances, presales } from './presale-schema';
import { tickets } from './tickets-schema';

/**
 * 公式リセール (issue 41, docs/decisions/0049). A holder returns a paid, issued ticket at face value; members who want
 * a seat wait per offering (performance and seat type); at the staff's match times the returned seats are drawn among
 * the waiting members; the matched member pays; the ticket moves to them (its holder version bumped: the seller's
 * codes stop) and only then is the seller refunded, once.
 */
export const LISTING_STATUSES = ['listed', 'withdrawn', 'matched', 'sold', 'refunded'] as const;

export const resaleListings = pgTable(
  'resale_listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    presaleId: uuid('presale_id')
      .notNull()
      .references(() => presales.id, { onDelete: 'cascade' }),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => presaleOfferings.id),
    performanceId: uuid('performance_id')
      .notNull()
      .references(() => presalePerformances.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    sellerMemberId: uuid('seller_member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The ticket's holder version when listed: the move is refused if the ticket moved since. */
    holderVersion: integer('holder_version').notNull(),
    faceValueYen: integer('face_value_yen').notNull(),
    feeYen: integer('fee_yen').notNull(),
    /** The seller's paid one-off payment the refund is taken from (their win's, or their own resale purchase's). */
    sourcePaymentId: uuid('source_payment_id').notNull(),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('listed'),
    matchId: uuid('match_id'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // One live listing per ticket, whatever arrives at once.
    uniqueIndex('resale_listings_one_live_per_ticket')
      .on(table.ticketId)
      .where(sql`${table.status} in ('listed', 'matched')`),
    index('resale_listings_presale_idx').on(table.presaleId, table.status),
    index('resale_listings_match_idx').on(table.matchId),
    check(
      'resale_listings_money_check',
      sql`${table.feeYen} >= 0 AND ${table.feeYen} <= ${table.faceValueYen}`,
    ),
  ],
);

export const WAIT_STATUSES = ['waiting', 'matched', 'paid', 'cancelled', 'lapsed'] as const;

/** リセール待ち: a member waiting for `tickets` seats of one offering. */
export const resaleWaits = pgTable(
  'resale_waits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    presaleId: uuid('presale_id')
      .notNull()
      .references(() => presales.id, { onDelete: 'cascade' }),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => presaleOfferings.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tickets: integer('tickets').notNull(),
    paymentMethod: text('payment_method', { enum: ['card', 'konbini'] })
      .notNull()
      .default('card'),
    status: text('status', { enum: WAIT_STATUSES }).notNull().default('waiting'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('resale_waits_one_live_per_member')
      .on(table.offeringId, table.memberId)
      .where(sql`${table.status} in ('waiting', 'matched')`),
    index('resale_waits_presale_idx').on(table.presaleId, table.status),
    check('resale_waits_tickets_check', sql`${table.tickets} BETWEEN 1 AND 4`),
  ],
);

/** One match run of a presale: its slot (the scheduled time, or the minute of a staff trigger) makes it once. */
export const resaleRounds = pgTable(
  'resale_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    presaleId: uuid('presale_id')
      .notNull()
      .references(() => presales.id, { onDelete: 'cascade' }),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    seats: integer('seats').notNull(),
    entries: integer('entries').notNull(),
    matched: integer('matched').notNull(),
    /** The second-round draw's own published record (its id), linked to the presale's first. */
    drawRecordId: text('draw_record_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('resale_rounds_slot_key').on(table.presaleId, table.slot)],
);

export const MATCH_STATUSES = ['due', 'paid', 'transferred', 'lapsed'] as const;

/** A waiting member's seats from one round: paid by `paymentDueAt`, or lapsed and the seats go to the next round. */
export const resaleMatches = pgTable(
  'resale_matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    presaleId: uuid('presale_id')
      .notNull()
      .references(() => presales.id, { onDelete: 'cascade' }),
    roundId: uuid('round_id')
      .notNull()
      .references(() => resaleRounds.id, { onDelete: 'cascade' }),
    waitId: uuid('wait_id')
      .notNull()
      .references(() => resaleWaits.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => presaleOfferings.id),
    tickets: integer('tickets').notNull(),
    amountYen: integer('amount_yen').notNull(),
    status: text('status', { enum: MATCH_STATUSES }).notNull().default('due'),
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('resale_matches_one_open_per_wait')
      .on(table.waitId)
      .where(sql`${table.status} in ('due', 'paid', 'transferred')`),
    index('resale_matches_presale_idx').on(table.presaleId, table.status),
  ],
);

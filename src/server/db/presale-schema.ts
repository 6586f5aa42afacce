import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members, sites, timestamps } from './core-schema';
import { contentItems } from './content-schema';
import type { StoredDrawBeacon, StoredPresaleResult } from './json-types';

export const COMPANION_RULES = ['none', 'member'] as const;
export const RESALE_PAIR_RULES = ['single', 'pair'] as const;
export const BEACON_SOURCES = ['drand', 'local', 'operator'] as const;

/**
 * A members' ticket presale (FC先行) on a TICKET item: a lottery over a window, drawn by fc-draw-v1
 * (docs/presale-draw.md). Its rules are fixed once the window opens; only the window can still be extended.
 */
export const presales = pgTable(
  'presales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    ticketsPerApplication: integer('tickets_per_application').notNull().default(2),
    choiceCount: integer('choice_count').notNull().default(3),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    resultsAt: timestamp('results_at', { withTimezone: true }).notNull(),
    /** Eligible: premium members whose membership began before this time and who are still premium at the draw. */
    joinedBefore: timestamp('joined_before', { withTimezone: true }).notNull(),
    companionRule: text('companion_rule', { enum: COMPANION_RULES }).notNull().default('member'),
    konbiniDeadlineDays: integer('konbini_deadline_days').notNull().default(3),
    /** The secret seed (hex); never shown before the results time. Its SHA-256 is `commitment`, public from the start. */
    seed: text('seed').notNull(),
    commitment: text('commitment').notNull(),
    /** Set when the window closed and the entry list was frozen. */
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    entryListHash: text('entry_list_hash'),
    /**
     * The beacon fixed when the presale was set up and public from then on (docs/presale-draw.md): 'drand' (a public
     * round), 'local' (the demo only) or 'operator' (UNVERIFIABLE_OPERATOR_BEACON: bytes the server draws itself).
     */
    beaconSource: text('beacon_source', { enum: BEACON_SOURCES }).notNull(),
    /** drand: the first round after the close, fixed at setup and again by an extension; its beacon is fetched and checked before the draw. */
    beaconRound: integer('beacon_round'),
    beacon: jsonb('beacon').$type<StoredDrawBeacon>(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /**
     * The published record file, its exact bytes (JSON), served from the results time on: what is served is what the
     * draw log's `record` entry hashed, forever.
     */
    recordFile: text('record_file'),
    /** 発券日: from this time each paid ticket is issued as an e-ticket (src/features/tickets). Unset: not yet. */
    ticketsIssueAt: timestamp('tickets_issue_at', { withTimezone: true }),
    /** From this time an e-ticket shows its seat; before it, the date it will. */
    seatsRevealAt: timestamp('seats_reveal_at', { withTimezone: true }),
    /** Set in the transaction that wrote every result notice (at the results time, once; docs/decisions/0032). */
    resultsAnnouncedAt: timestamp('results_announced_at', { withTimezone: true }),
    /** The event was cancelled (中止): every payment is refunded, every live application ends `refunded`. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** 公式リセール (docs/decisions/0049): tickets may be listed until this time; unset, the presale offers none. */
    resaleUntil: timestamp('resale_until', { withTimezone: true }),
    /** The club's fee per resold ticket (yen), kept from the seller's refund; the buyer pays face value. */
    resaleFeeYen: integer('resale_fee_yen').notNull().default(0),
    /** 'single': an application's tickets may be listed one at a time; 'pair': all of them together. */
    resalePairRule: text('resale_pair_rule', { enum: RESALE_PAIR_RULES }).notNull().default('single'),
    /** The daily match times in Japan time, 'HH:MM' comma-separated (e.g. '12:00'). */
    resaleMatchTimes: text('resale_match_times').notNull().default('12:00'),
    /**
     * The application offers an accessibility request (wheelchair space with a companion seat, or other needs). It
     * never enters the draw: the club seats the winners who asked after it (decision 0053, docs/presale-draw.md).
     */
    accessibilityRequests: boolean('accessibility_requests').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    unique('presales_item_key').on(table.itemId),
    index('presales_site_idx').on(table.siteId),
    check('presales_tickets_check', sql`${table.ticketsPerApplication} BETWEEN 1 AND 4`),
    check('presales_choices_check', sql`${table.choiceCount} BETWEEN 1 AND 3`),
    check(
      'presales_window_check',
      sql`${table.opensAt} < ${table.closesAt} AND ${table.closesAt} <= ${table.resultsAt}`,
    ),
  ],
);

/** One performance of a presale: when and where. */
export const presalePerformances = pgTable('presale_performances', {
  id: uuid('id').primaryKey().defaultRandom(),
  presaleId: uuid('presale_id')
    .notNull()
    .references(() => presales.id, { onDelete: 'cascade' }),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  doorsAt: timestamp('doors_at', { withTimezone: true }),
  venue: text('venue').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** A seat type of one performance, with its capacity in seats and its price per ticket (yen, tax included). */
export const presaleOfferings = pgTable(
  'presale_offerings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    presaleId: uuid('presale_id')
      .notNull()
      .references(() => presales.id, { onDelete: 'cascade' }),
    performanceId: uuid('performance_id')
      .notNull()
      .references(() => presalePerformances.id, { onDelete: 'cascade' }),
    seatType: text('seat_type').notNull(),
    capacity: integer('capacity').notNull(),
    priceYen: integer('price_yen').notNull(),
  },
  (table) => [
    check('presale_offerings_capacity_check', sql`${table.capacity} >= 0 AND ${table.priceYen} >= 0`),
  ],
);

/**
 * applied → won | lost | void at the draw (or cancelled before the close); a win is then paid, or lapses unpaid and
 * its seats return; a paid win is refunded when the event is cancelled.
 */
export const PRESALE_PAYMENT_METHODS = ['card', 'konbini'] as const;

/** An accessibility request in an application: a wheelchair space with a companion seat, or other needs (free text). */
export const ACCESS_NEEDS = ['wheelchair', 'other'] as const;

export const APPLICATION_STATUSES = [
  'applied',
  'cancelled',
  'won',
  'lost',
  'void',
  'paid',
  'lapsed',
  'refunded',
] as const;

/** A member's application; its receipt number is the pseudonymous entry id in the draw record. */
export const presaleApplications = pgTable(
  'presale_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    presaleId: uuid('presale_id')
      .notNull()
      .references(() => presales.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    receiptNo: text('receipt_no').notNull(),
    tickets: integer('tickets').notNull(),
    /** How a win is paid, chosen at application: the saved card (charged at the results time) or a konbini voucher. */
    paymentMethod: text('payment_method', { enum: PRESALE_PAYMENT_METHODS }).notNull().default('konbini'),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('applied'),
    wonOfferingId: uuid('won_offering_id').references(() => presaleOfferings.id),
    wonRank: integer('won_rank'),
    voidReason: text('void_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A win must be paid by this time (konbini deadline, or the card's 48-hour grace after a failed charge). */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** 復活当選: a member who lost chose to stay in line for seats that return (null: not in line). */
    secondChanceAt: timestamp('second_chance_at', { withTimezone: true }),
    /** The second-chance round (draw_rounds) that won this application; null for a win of the first round. */
    secondChanceRoundId: uuid('second_chance_round_id'),
    /**
     * The fan's accessibility request, private to staff with `members:contact` (decision 0053): never in the draw's
     * entry list, its record, or any page but the paid list, its CSV and the door of staff with that right.
     */
    accessNeed: text('access_need', { enum: ACCESS_NEEDS }),
    accessNote: text('access_note'),
    ...timestamps,
  },
  (table) => [
    unique('presale_applications_receipt_key').on(table.presaleId, table.receiptNo),
    // One live application per member and presale, held by the database whatever arrives at once. Its predicate
    // reads cancelled_at, not status: a column an index reads makes every change of it rewrite the row's index
    // entries, and the draw changes 100,000 statuses at once (decision 0058: with room on the page, status, result
    // and payment changes stay on their page, heap-only). The check keeps the two saying the same.
    uniqueIndex('presale_applications_one_per_member')
      .on(table.presaleId, table.memberId)
      .where(sql`${table.cancelledAt} is null`),
    check(
      'presale_applications_cancelled_check',
      sql`(${table.status} = 'cancelled') = (${table.cancelledAt} is not null)`,
    ),
    check('presale_applications_tickets_check', sql`${table.tickets} BETWEEN 1 AND 4`),
  ],
);

/** The ranked choices of an application: rank 1 is 第1希望. */
export const presaleChoices = pgTable(
  'presale_choices',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => presaleApplications.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => presaleOfferings.id),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.rank] }),
    unique('presale_choices_offering_key').on(table.applicationId, table.offeringId),
  ],
);

export const PARTICIPANT_ROLES = ['applicant', 'companion'] as const;
export const COMPANION_STATUSES = ['invited', 'accepted'] as const;

/**
 * Everyone taking part in a live application: the applicant and the companions (同行者). The key makes a person an
 * applicant or a companion in a presale, never both and never twice. Cancelling or declining deletes the row.
 */
export const presaleParticipants = pgTable(
  'presale_participants',
  {
    presaleId: uuid('presale_id')
      .notNull()
      .references(() => presales.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => presaleApplications.id, { onDelete: 'cascade' }),
    role: text('role', { enum: PARTICIPANT_ROLES }).notNull(),
    companionStatus: text('companion_status', { enum: COMPANION_STATUSES }),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.presaleId, table.memberId] }),
    index('presale_participants_application_idx').on(table.applicationId),
  ],
);

export const PRESALE_OUTCOMES = ['won', 'lost', 'void'] as const;

/**
 * Each applicant's result, written once at the results time in the transaction that announces them (results.ts) and
 * never updated: the member's result view reads this row and the application's live status in one query instead of
 * rebuilding the result from the application, its choices and its companions (docs/decisions/0034, 2026-11-27).
 */
export const presaleResults = pgTable(
  'presale_results',
  {
    presaleId: uuid('presale_id')
      .notNull()
      .references(() => presales.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Where the live part (paid, lapsed, refunded) is read: joined by its primary key. */
    applicationId: uuid('application_id')
      .notNull()
      .references(() => presaleApplications.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: PRESALE_OUTCOMES }).notNull(),
    result: jsonb('result').$type<StoredPresaleResult>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.presaleId, table.memberId] }),
    unique('presale_results_application_key').on(table.applicationId),
  ],
);

const DRAW_LOG_KINDS = ['commitment', 'round', 'entry-list', 'record'] as const;

/**
 * A site's public draw log, fc-draw-log-v1 (docs/presale-draw.md; src/features/presale/draw/log.ts): append-only and
 * hash-chained, one row per fact a presale fixes in advance, written in the transaction of its cause under the site's
 * lock. No foreign key to the presale: the log outlives what it speaks of (a deleted item must not cut the chain).
 */
export const drawLog = pgTable(
  'draw_log',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** Milliseconds, as the entry's hash covers them (toISOString). */
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    presaleId: uuid('presale_id').notNull(),
    kind: text('kind', { enum: DRAW_LOG_KINDS }).notNull(),
    value: text('value').notNull(),
    prev: text('prev').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.seq] }),
    index('draw_log_presale_idx').on(table.presaleId),
    // A presale commits, freezes and draws once; only its round may be logged again (rules replaced, an extension).
    uniqueIndex('draw_log_once_per_presale')
      .on(table.presaleId, table.kind)
      .where(sql`${table.kind} <> 'round'`),
    check('draw_log_seq_check', sql`${table.seq} >= 1`),
  ],
);

/**
 * A member's refusal of further companion invitations from another member (「この会員からの同行依頼を今後受け取らない」),
 * on one site and for every presale. Naming a member who blocked you answers as naming anyone who cannot be named.
 */
export const companionBlocks = pgTable(
  'companion_blocks',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The member who refuses. */
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The member whose invitations are refused. */
    blockedMemberId: uuid('blocked_member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.blockedMemberId] })],
);

export const SECOND_ROUND_KINDS = ['resale', 'second-chance'] as const;

/**
 * A presale's second rounds (docs/presale-draw.md, section 9): a resale match time or a 復活当選 draw, each drawn by
 * fc-draw-v1 over its own frozen entries and offerings and published as its own record, linked to the first round's.
 * Written only by `drawSecondRound` (src/features/presale/server/second-round.ts): frozen (seed, entries, offerings,
 * logged) in one transaction, drawn (beacon, record file, logged) in another, each once.
 */
export const drawRounds = pgTable(
  'draw_rounds',
  {
    /** The round's own id: the draw log's `presale` field for the round's facts, and `round.id` in its record. */
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    presaleId: uuid('presale_id')
      .notNull()
      .references(() => presales.id, { onDelete: 'cascade' }),
    /** Among the presale's draws: the first round is 1, so the second rounds count from 2, whatever their kind. */
    number: integer('number').notNull(),
    kind: text('kind', { enum: SECOND_ROUND_KINDS }).notNull(),
    /** The caller's name for the round (e.g. its match time): a retry with the same key is the same round. */
    key: text('key').notNull(),
    seed: text('seed').notNull(),
    commitment: text('commitment').notNull(),
    /** SHA-256 of the first round's record file, as the draw log holds it. */
    firstRecordHash: text('first_record_hash').notNull(),
    /** The frozen entries and offerings (draw ids), canonical order, exactly what the record will carry. */
    entries: jsonb('entries').$type<{ id: string; tickets: number; choices: string[] }[]>().notNull(),
    offerings: jsonb('offerings').$type<{ id: string; capacity: number }[]>().notNull(),
    entryListHash: text('entry_list_hash').notNull(),
    beaconSource: text('beacon_source', { enum: BEACON_SOURCES }).notNull(),
    /** drand: the first round emitted after the freeze, logged with it. */
    beaconRound: integer('beacon_round'),
    frozenAt: timestamp('frozen_at', { withTimezone: true }).notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** The record file's exact bytes, written once at the draw; the draw log holds their SHA-256. */
    recordFile: text('record_file'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('draw_rounds_number_key').on(table.presaleId, table.number),
    unique('draw_rounds_key_key').on(table.presaleId, table.key),
    check('draw_rounds_number_check', sql`${table.number} >= 2`),
  ],
);

/** 制作開放席: seats the staff release after the first draw, for the presale's next 復活当選 rounds. */
export const presaleReleasedSeats = pgTable(
  'presale_released_seats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    presaleId: uuid('presale_id')
      .notNull()
      .references(() => presales.id, { onDelete: 'cascade' }),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => presaleOfferings.id, { onDelete: 'cascade' }),
    seats: integer('seats').notNull(),
    staffUid: text('staff_uid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('presale_released_seats_presale_idx').on(table.presaleId),
    check('presale_released_seats_check', sql`${table.seats} BETWEEN 1 AND 10000`),
  ],
);

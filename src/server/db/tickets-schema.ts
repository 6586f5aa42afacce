import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { members, sessions, sites } from './core-schema';
import { presaleApplications, presaleOfferings, presalePerformances, presales } from './presale-schema';

export const TICKET_STATUSES = ['issued', 'cancelled'] as const;

/**
 * An e-ticket: one seat of a paid presale application, issued once at the presale's 発券日 (decision 0033). The key
 * (application, seq) makes issuing exactly-once whatever runs at once; (performance, serial) numbers the seats of a
 * performance for the door's short codes. Check-in is a conditional update of `checked_in_at` (once).
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    presaleId: uuid('presale_id')
      .notNull()
      .references(() => presales.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => presaleApplications.id, { onDelete: 'cascade' }),
    performanceId: uuid('performance_id')
      .notNull()
      .references(() => presalePerformances.id, { onDelete: 'cascade' }),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => presaleOfferings.id),
    /** 1..tickets within the application; the applicant's own is 1. */
    seq: integer('seq').notNull(),
    /** 1.. within the performance, in issue order: the first part of the short code typed at the door. */
    serial: integer('serial').notNull(),
    seatLabel: text('seat_label').notNull(),
    holderMemberId: uuid('holder_member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** 分配: offered by the holder to this companion, who accepts to become the holder. */
    offeredToMemberId: uuid('offered_to_member_id').references(() => members.id, { onDelete: 'set null' }),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('issued'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by'),
    /** Bumped by every move, so that the holder's earlier codes name a holder the ticket no longer has. */
    holderVersion: integer('holder_version').notNull().default(1),
  },
  (table) => [
    unique('tickets_application_seq_key').on(table.applicationId, table.seq),
    unique('tickets_performance_serial_key').on(table.performanceId, table.serial),
    unique('tickets_performance_seat_key').on(table.performanceId, table.seatLabel),
    index('tickets_holder_idx').on(table.holderMemberId),
    index('tickets_offered_idx').on(table.offeredToMemberId),
    check('tickets_seq_check', sql`${table.seq} BETWEEN 1 AND 4`),
  ],
);

export const SCAN_OUTCOMES = ['admitted', 'duplicate', 'refused'] as const;

/**
 * Every scan the door synced: the device's own id makes a retried sync idempotent, and a ticket admitted on two
 * devices while offline keeps both rows, the later one marked `duplicate` for staff.
 */
export const ticketScans = pgTable(
  'ticket_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    clientScanId: text('client_scan_id').notNull(),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    performanceId: uuid('performance_id').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: SCAN_OUTCOMES }).notNull(),
    reason: text('reason'),
    staffUid: text('staff_uid').notNull(),
    offline: integer('offline').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('ticket_scans_client_key').on(table.siteId, table.clientScanId),
    index('ticket_scans_ticket_idx').on(table.ticketId),
  ],
);

/**
 * The last time a door device (its staff session) was in contact with the server for a performance: the roster
 * fetched or scans sent. An offline scan claiming an earlier time is refused (docs/decisions/0036).
 */
export const doorSyncs = pgTable(
  'door_syncs',
  {
    sessionHash: text('session_hash')
      .notNull()
      .references(() => sessions.idHash, { onDelete: 'cascade' }),
    performanceId: uuid('performance_id')
      .notNull()
      .references(() => presalePerformances.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.sessionHash, table.performanceId] })],
);

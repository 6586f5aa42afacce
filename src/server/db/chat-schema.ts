import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './core-schema';
import { contentItems } from './content-schema';

/**
 * One chat per item (a live stream's, kept beside its archive; decision 0051). `last_seq` numbers the room's events
 * one by one: every write of the room updates this row first, so its lock orders the writers and each event's number
 * commits in order, without gaps. A viewer that reconnects asks for the events after the last number it saw.
 */
export const chatRooms = pgTable('chat_rooms', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => contentItems.id, { onDelete: 'cascade' }),
  siteId: uuid('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  /** スローモード: a member may post once per this many seconds (0: off). */
  slowSeconds: integer('slow_seconds').notNull().default(0),
  /** The pinned message's number, or null. */
  pinnedSeq: bigint('pinned_seq', { mode: 'number' }),
});

export const CHAT_EVENT_KINDS = ['message', 'delete', 'pin', 'slow'] as const;

/**
 * What happened in a room, in order: a message (its own number), a deletion or a pin of an earlier message
 * (`ref_seq`), a change of slow mode (`value`). A message's text lives in chat_messages; a deleted one's text is
 * never sent again.
 */
export const chatEvents = pgTable(
  'chat_events',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => chatRooms.itemId, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: CHAT_EVENT_KINDS }).notNull(),
    refSeq: bigint('ref_seq', { mode: 'number' }),
    value: integer('value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.seq] })],
);

/** Members' messages: stored with the stream and shown beside its archive. Member-only, like the item. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => chatRooms.itemId, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    /** The member's nickname at the time (or 会員 and the number): the chat never shows a real name. */
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.seq] }),
    // Slow mode: a member's latest message in the room.
    index('chat_messages_member_idx').on(table.itemId, table.uid, table.createdAt),
  ],
);

export const CHAT_RESTRICTIONS = ['mute', 'ban'] as const;

/** ミュート (may read, may not write) or 退室 (neither) of a member, for one stream. */
export const chatRestrictions = pgTable(
  'chat_restrictions',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => chatRooms.itemId, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    kind: text('kind', { enum: CHAT_RESTRICTIONS }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.uid] })],
);

/** A member's report of a message (通報): one per member and message; staff see them beside the chat. */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => chatRooms.itemId, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    uid: text('uid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chat_reports_once').on(table.itemId, table.seq, table.uid),
    index('chat_reports_open_idx').on(table.itemId),
  ],
);

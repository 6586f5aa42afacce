import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from './core-schema';
import { contentItems } from './content-schema';

export const LIVE_STATES = ['scheduled', 'live', 'ended'] as const;
export type LiveState = (typeof LIVE_STATES)[number];

/**
 * A members-only live stream of an item (features/live, decision 0050). Its id is also the stream's name at the
 * media server (the RTMP name and the HLS folder), so it is public; the key that lets an encoder publish is not,
 * and only its SHA-256 is kept.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .unique()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the stream key; the key itself is shown to staff once per regeneration. */
    keyHash: text('key_hash').notNull(),
    /** When the artist plans to start: shown as 「配信開始前」 until the encoder connects. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    /** Changed by the media server's callbacks only: scheduled → live → ended (live again on a reconnect). */
    state: text('state', { enum: LIVE_STATES }).notNull().default('scheduled'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** How many days members may watch the archive after the stream ends; 0 keeps no archive. */
    archiveDays: integer('archive_days').notNull().default(7),
    /** ended_at + archive_days, set when the stream ends: no URL is signed past it. */
    archiveUntil: timestamp('archive_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('live_streams_site_idx').on(table.siteId)],
);

export type LiveStreamRow = typeof liveStreams.$inferSelect;

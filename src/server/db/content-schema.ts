import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from './core-schema';

export const CONTENT_SECTIONS = ['news', 'movie', 'photo', 'blog', 'ticket'] as const;
export const ITEM_STATES = ['draft', 'published'] as const;
export const MEDIA_KINDS = ['image', 'video'] as const;
/** What a file is to its item: its list thumbnail, a gallery photo, an image inside the body, or the movie. */
export const MEDIA_ROLES = ['cover', 'gallery', 'inline', 'video'] as const;

/** One performance of a presale: when and where. Public, like the item's title. */
export interface Performance {
  startsAt: string;
  doorsAt?: string;
  venue: string;
  area?: string;
}

/** The public part of a presale: what it is for and when applications are taken. */
export interface TicketSchedule {
  performances: Performance[];
  applyFrom: string;
  applyUntil: string;
}

/** The member-only part of a presale. */
export interface PresaleAccess {
  code?: string;
  applyUrl?: string;
}

/** A movie is an uploaded file (a media row of role 'video') or a video platform's embed. */
export type MovieEmbed = { provider: 'youtube'; videoId: string };

/**
 * The items of the five content sections. The member-only columns (body_html, presale, embed, and every media row
 * of the item) are read only by the functions that have checked the viewer (features/content/server/items.ts).
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    section: text('section', { enum: CONTENT_SECTIONS }).notNull(),
    title: text('title').notNull(),
    /** Plain text shown to everyone, premium or not; never derived from the body. */
    teaser: text('teaser').notNull().default(''),
    /** Sanitised on every write (features/content/server/sanitize.ts); member-only unless the item is open. */
    bodyHtml: text('body_html').notNull().default(''),
    /** true opens the item to everyone; false keeps the section's minimum status (FC_CONTENTS). */
    openToAll: boolean('open_to_all').notNull().default(false),
    state: text('state', { enum: ITEM_STATES }).notNull().default('draft'),
    /** The item's date; a published item whose time is in the future is scheduled and shows from then. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by staff for a stream that is on now; a presale is also live while its application window is open. */
    isLive: boolean('is_live').notNull().default(false),
    ticket: jsonb('ticket').$type<TicketSchedule>(),
    presale: jsonb('presale').$type<PresaleAccess>(),
    embed: jsonb('embed').$type<MovieEmbed>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Keyset pagination: a page costs the same at item 100,000 as at item 1. NULLS FIRST is what a plain DESC
    // means, so `ORDER BY published_at DESC, id DESC` reads the index in order (NULLS LAST would force a sort).
    index('content_items_list_idx')
      .on(table.siteId, table.section, table.publishedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.state} = 'published'`),
    index('content_items_latest_idx')
      .on(table.siteId, table.publishedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.state} = 'published'`),
  ],
);

/** Uploaded files. Their access follows their item; a file with no item yet is visible to staff only. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => contentItems.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: MEDIA_KINDS }).notNull(),
    role: text('role', { enum: MEDIA_ROLES }).notNull(),
    position: integer('position').notNull().default(0),
    /** Member-only with its item, like the body. */
    caption: text('caption').notNull().default(''),
    /** The uploader's file name, sent back as the download name; member-only with its item. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    /** The stored renditions: the original, and for images the resized sizes (features/media). */
    variants: jsonb('variants').$type<MediaVariant[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('media_item_idx').on(table.itemId, table.role, table.position)],
);

export interface MediaVariant {
  /** 'original' or the width of a resized image, e.g. 'w640'. */
  name: string;
  key: string;
  contentType: string;
  byteSize: number;
  width?: number;
  height?: number;
}

/**
 * A benefit staff attach to a tenure mark (会員歴 of at least `years` continuous years, the site's TENURE.MARKS): a
 * message, and optionally an item it leads to. Shown on My page only to members who hold that mark (issue 43).
 */
export const tenureBenefits = pgTable(
  'tenure_benefits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    years: integer('years').notNull(),
    /** Plain text (markup refused on write), shown escaped. */
    message: text('message').notNull(),
    itemId: uuid('item_id').references(() => contentItems.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tenure_benefits_site_idx').on(table.siteId, table.years)],
);

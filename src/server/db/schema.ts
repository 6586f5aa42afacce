import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SiteConfig } from '@/features/site/schema';
import type { LegalDocument } from '@/features/site/import-schema';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const sites = pgTable('sites', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  // Validated by siteConfigSchema on every write and read, so a bad row can never reach a page.
  config: jsonb('config').$type<SiteConfig>().notNull(),
  ...timestamps,
});

/** One row per host name, so that a host can belong to one site only. */
export const siteHosts = pgTable(
  'site_hosts',
  {
    host: text('host').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (table) => [index('site_hosts_site_id_idx').on(table.siteId)],
);

export const siteDocuments = pgTable(
  'site_documents',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['privacy', 'terms', 'psa', 'asct'] }).notNull(),
    document: jsonb('document').$type<LegalDocument>().notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.siteId, table.kind] })],
);

/**
 * Our own server sessions, created only after the identity provider's ID token was verified for the site's tenant.
 * The cookie holds a random value; only its SHA-256 is stored, so a copy of this table opens no session.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    email: text('email'),
    /** When the user last proved who they are to the provider (the ID token's auth_time). */
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the provider last confirmed the account is neither disabled nor revoked. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sessions_site_uid_idx').on(table.siteId, table.uid),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

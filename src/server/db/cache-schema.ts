import { bigint, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from './core-schema';

/**
 * One counter per site, moved on by every change that pages show (publishing, legal pages, configuration). Each app
 * instance watches it and drops the site's cached pages when it moves, so that every instance on the database
 * serves the change within seconds (docs/decisions/0012).
 */
export const pageCacheGenerations = pgTable('page_cache_generations', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  generation: bigint('generation', { mode: 'number' }).notNull().default(1),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

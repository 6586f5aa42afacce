import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The counts of the rate limits (src/server/rate-limit), in the shape rate-limiter-flexible's RateLimiterDrizzle
 * reads and writes: one row per limit and key, every app instance counting in the same row.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});

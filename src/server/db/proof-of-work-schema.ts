import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sign-up challenges whose solution has been used (src/server/proof-of-work): one row per challenge, by its
 * signature, kept until the challenge expires. A solution is accepted once; a second use finds its row.
 */
export const spentChallenges = pgTable(
  'spent_challenges',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('spent_challenges_expires_at_idx').on(table.expiresAt)],
);

import { sql, type SQL } from 'drizzle-orm';

/**
 * The membership rules of src/features/membership/status.ts as SQL, for queries that decide access or status in the
 * database: `s` is a subscriptions row and `g` a complimentary_grants row, `at` the site's billing time.
 * isPremiumSubscription and isRunningGrant are the reference; the int tests compare both member by member.
 */
export function subscriptionGivesAccess(at: SQL): SQL {
  return sql`(
    (s.status IN ('active', 'trialing')
      AND NOT (s.cancel_at_period_end AND s.current_period_end IS NOT NULL AND ${at} >= s.current_period_end))
    OR (s.status = 'canceled' AND s.current_period_end IS NOT NULL AND ${at} < s.current_period_end))`;
}

export function grantRuns(at: SQL): SQL {
  return sql`(g.revoked_at IS NULL AND ${at} < g.ends_at)`;
}

/** premium or guest, for the member whose id is `memberId` (a qualified column or a value). */
export function hasPremiumSql(memberId: SQL, at: SQL): SQL<boolean> {
  return sql<boolean>`(
    EXISTS (SELECT 1 FROM subscriptions s WHERE s.member_id = ${memberId} AND ${subscriptionGivesAccess(at)})
    OR EXISTS (SELECT 1 FROM complimentary_grants g WHERE g.member_id = ${memberId} AND ${grantRuns(at)}))`;
}

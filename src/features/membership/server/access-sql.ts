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

/**
 * hasPremiumSql's rule for a whole list of members at once (the presale draw's 100,000 applicants): membership of the
 * set of members a subscription or a grant makes premium, which PostgreSQL builds once (a hashed subplan: one pass
 * over the subscriptions and grants) where the EXISTS form looks up both for every row. Same answer: neither table
 * has a row without a member, so IN answers false, never null, for a member who is not premium.
 */
export function inPremiumSetSql(memberId: SQL, at: SQL): SQL<boolean> {
  return sql<boolean>`(
    ${memberId} IN (SELECT s.member_id FROM subscriptions s WHERE ${subscriptionGivesAccess(at)})
    OR ${memberId} IN (SELECT g.member_id FROM complimentary_grants g WHERE ${grantRuns(at)}))`;
}

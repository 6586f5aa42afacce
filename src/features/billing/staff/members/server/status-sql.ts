import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { StaffMemberStatus } from '@/features/billing/staff/members/status';
import { grantRuns, subscriptionGivesAccess } from '@/features/membership/server';

/**
 * The staff status of each member as one SQL expression over subscriptions and complimentary grants at `now` (the
 * site's billing time), so that the list can filter and count by it. It restates isPremiumSubscription and
 * isRunningGrant (src/features/membership/status.ts); list.int.test.ts checks both agree member by member.
 *   premium        a paid subscription gives access and is not set to end
 *   complimentary  otherwise, a staff grant runs
 *   leaving        otherwise, a paid subscription gives access until its period ends (left, or cancelled)
 *   expired        otherwise, a subscription was once paid (neither incomplete nor incomplete_expired)
 *   guest          never paid, or only started paying
 */
/**
 * The outer query's member id, always qualified: Drizzle leaves columns unqualified in a single-table query, and an
 * unqualified "id" inside the subqueries below would name the subquery's own row.
 */
const MEMBER_ID = sql.raw('"members"."id"');

export function staffStatusSql(now: Date): SQL<StaffMemberStatus> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const givesAccess = subscriptionGivesAccess(at);
  const ending = sql`(s.cancel_at_period_end OR s.status = 'canceled')`;
  const subscription = (condition: SQL) =>
    sql`EXISTS (SELECT 1 FROM subscriptions s WHERE s.member_id = ${MEMBER_ID} AND ${condition})`;
  return sql<StaffMemberStatus>`CASE
    WHEN ${subscription(sql`${givesAccess} AND NOT ${ending}`)} THEN 'premium'
    WHEN EXISTS (SELECT 1 FROM complimentary_grants g WHERE g.member_id = ${MEMBER_ID} AND ${grantRuns(at)})
      THEN 'complimentary'
    WHEN ${subscription(sql`${givesAccess} AND ${ending}`)} THEN 'leaving'
    WHEN ${subscription(sql`s.status NOT IN ('incomplete', 'incomplete_expired')`)} THEN 'expired'
    ELSE 'guest' END`;
}

/** The plan of the member's latest subscription (what they pay or paid for), or null. */
export const latestPlanIdSql = sql<string | null>`(SELECT s.plan_id FROM subscriptions s
  WHERE s.member_id = ${MEMBER_ID} ORDER BY s.created_at DESC, s.id DESC LIMIT 1)`;

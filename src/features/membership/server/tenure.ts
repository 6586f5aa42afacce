import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { executeRows } from '@/server/db/raw';
import type { SiteConfig } from '@/features/site';
import {
  type MembershipPeriod,
  type Tenure,
  type TenureMarkSetting,
  tenureAt,
  tenureMark,
} from '@/features/membership/tenure';

/**
 * Every period the member was (or is) a member for, from what billing already records (docs/decisions/0052):
 * - a card subscription: from its first paid day (paid_from) to the end of its paid period; a plan change keeps the
 *   one subscription, so one period. past_due or unpaid: to the end of the last period paid (one interval earlier);
 * - a konbini payment of a membership period: its own period_start to period_end (refunded ones are not counted);
 * - a staff grant: from its creation to its end or revocation.
 */
export async function membershipPeriods(db: Db, memberId: string): Promise<MembershipPeriod[]> {
  const rows = await executeRows<{ start: string | Date; end: string | Date }>(
    db,
    sql`
    SELECT s.paid_from AS start,
      CASE WHEN s.status IN ('past_due', 'unpaid')
        THEN s.current_period_end - CASE p.interval WHEN 'year' THEN interval '1 year' ELSE interval '1 month' END
        ELSE s.current_period_end END AS end
    FROM subscriptions s JOIN plans p ON p.id = s.plan_id
    WHERE s.member_id = ${memberId} AND s.method = 'card' AND s.paid_from IS NOT NULL
      AND s.current_period_end IS NOT NULL AND s.status NOT IN ('incomplete', 'incomplete_expired')
    UNION ALL
    SELECT o.period_start, o.period_end FROM one_off_payments o
    WHERE o.member_id = ${memberId} AND o.purpose = 'membership' AND o.status = 'paid'
      AND o.period_start IS NOT NULL AND o.period_end IS NOT NULL
    UNION ALL
    SELECT g.created_at, LEAST(g.ends_at, COALESCE(g.revoked_at, g.ends_at)) FROM complimentary_grants g
    WHERE g.member_id = ${memberId}`,
  );
  return rows.map((row) => ({ start: new Date(row.start), end: new Date(row.end) }));
}

export interface MemberTenure {
  tenure: Tenure | null;
  /** The highest mark of the site's TENURE.MARKS the member holds now. */
  mark: TenureMarkSetting | null;
}

/** The member's 会員歴 and mark at `now` (the site's billing time), by the site's TENURE settings. */
export async function memberTenure(
  db: Db,
  memberId: string,
  settings: SiteConfig['TENURE'],
  now: Date,
): Promise<MemberTenure> {
  const tenure = tenureAt(await membershipPeriods(db, memberId), now, settings.GRACE_DAYS);
  return { tenure, mark: tenure ? tenureMark(tenure.fullYears, settings.MARKS) : null };
}

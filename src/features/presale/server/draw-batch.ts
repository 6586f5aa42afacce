import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { complimentaryGrants, members, presaleApplications, subscriptions } from '@/server/db/schema';
import { membershipStatus } from '@/features/membership';
import type { DrawResult } from '@/features/presale/draw';
import { eligibilityOf } from './eligibility';
import type { Presale } from './setup';

/**
 * Every live application of a presale with whether its applicant may still take part, in three queries whatever
 * the number of entries (a draw of 100,000 must not ask twice per applicant).
 */
export async function applicantsAtDraw(db: Db, presale: Presale, now: Date) {
  const live = and(eq(presaleApplications.presaleId, presale.id), eq(presaleApplications.status, 'applied'));
  const [applicants, subs, grants] = await Promise.all([
    db
      .select({
        id: presaleApplications.id,
        receiptNo: presaleApplications.receiptNo,
        memberId: members.id,
        memberNumber: members.memberNumber,
        joinedAt: members.joinedAt,
      })
      .from(presaleApplications)
      .innerJoin(members, eq(members.id, presaleApplications.memberId))
      .where(live),
    db
      .select({
        memberId: subscriptions.memberId,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      })
      .from(subscriptions)
      .innerJoin(presaleApplications, eq(presaleApplications.memberId, subscriptions.memberId))
      .where(live),
    db
      .select({
        memberId: complimentaryGrants.memberId,
        endsAt: complimentaryGrants.endsAt,
        revokedAt: complimentaryGrants.revokedAt,
      })
      .from(complimentaryGrants)
      .innerJoin(presaleApplications, eq(presaleApplications.memberId, complimentaryGrants.memberId))
      .where(live),
  ]);
  const group = <T extends { memberId: string }>(rows: T[]) => {
    const byMember = new Map<string, T[]>();
    for (const row of rows) byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row]);
    return byMember;
  };
  const subsOf = group(subs);
  const grantsOf = group(grants);
  return applicants.map((applicant) => {
    const status = membershipStatus(
      { subscriptions: subsOf.get(applicant.memberId) ?? [], grants: grantsOf.get(applicant.memberId) ?? [] },
      now,
    );
    return { ...applicant, eligible: eligibilityOf(presale, applicant, status).ok };
  });
}

const CHUNK = 5_000;

/** Every result on its application, a few statements for any number (one JSON parameter per chunk). */
export async function writeResults(
  db: Db,
  results: DrawResult[],
  idOf: Map<string, string>,
  voidReason: string,
  now: Date,
): Promise<void> {
  for (let start = 0; start < results.length; start += CHUNK) {
    const rows = results.slice(start, start + CHUNK).map((result) => ({
      id: idOf.get(result.entry)!,
      status: result.outcome,
      offering: result.outcome === 'won' ? result.offering : null,
      rank: result.outcome === 'won' ? result.rank : null,
      reason: result.outcome === 'void' ? voidReason : null,
    }));
    await db.execute(sql`
      update presale_applications a
         set status = r.status, won_offering_id = r.offering, won_rank = r.rank, void_reason = r.reason,
             updated_at = ${now.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as r(id uuid, status text, offering uuid, rank int, reason text)
       where a.id = r.id and a.status = 'applied'`);
  }
}

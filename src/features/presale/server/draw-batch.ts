import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { complimentaryGrants, members, presaleApplications, subscriptions } from '@/server/db/schema';
import { membershipStatus } from '@/features/membership';
import type { DrawResult } from '@/features/presale/draw';
import { eligibilityOf } from './eligibility';
import type { Presale } from './setup';

/** A presale's live applications: applied, and neither drawn nor cancelled yet. */
const liveOf = (presaleId: string) =>
  and(eq(presaleApplications.presaleId, presaleId), eq(presaleApplications.status, 'applied'));

/**
 * Every live application of a presale, in canonical order (receipt numbers byte by byte, as the draw orders them), with
 * its choices in rank order, its accepted companions and its applicant: one query whatever the number of entries (a
 * draw of 100,000 must not ask per application).
 */
export function liveApplications(db: Db, presale: Pick<Presale, 'id'>) {
  return db
    .select({
      id: presaleApplications.id,
      receiptNo: presaleApplications.receiptNo,
      tickets: presaleApplications.tickets,
      choices: sql<string[]>`array(
        select c.offering_id::text from presale_choices c
        where c.application_id = ${presaleApplications.id} order by c.rank)`,
      accepted: sql<number>`(
        select count(*)::int from presale_participants p
        where p.application_id = ${presaleApplications.id} and p.companion_status = 'accepted')`,
      memberId: members.id,
      memberNumber: members.memberNumber,
      joinedAt: members.joinedAt,
    })
    .from(presaleApplications)
    .innerJoin(members, eq(members.id, presaleApplications.memberId))
    .where(liveOf(presale.id))
    .orderBy(sql`${presaleApplications.receiptNo} collate "C"`);
}

export type LiveApplication = Awaited<ReturnType<typeof liveApplications>>[number];

/**
 * Whether each applicant may still take part at the draw (eligibility.ts's rule), by application id: their
 * subscriptions and grants in two queries for all of them.
 */
export async function eligibleAtDraw(
  db: Db,
  presale: Presale,
  applications: LiveApplication[],
  now: Date,
): Promise<Map<string, boolean>> {
  const live = liveOf(presale.id);
  const [subs, grants] = await Promise.all([
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
    for (const row of rows) {
      const list = byMember.get(row.memberId);
      if (list) list.push(row);
      else byMember.set(row.memberId, [row]);
    }
    return byMember;
  };
  const subsOf = group(subs);
  const grantsOf = group(grants);
  return new Map(
    applications.map((application) => {
      const status = membershipStatus(
        {
          subscriptions: subsOf.get(application.memberId) ?? [],
          grants: grantsOf.get(application.memberId) ?? [],
        },
        now,
      );
      return [application.id, eligibilityOf(presale, application, status).ok];
    }),
  );
}

const CHUNK = 50_000;

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

import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { members, presaleApplications, presaleResults, presales, sessions } from '@/server/db/schema';
import { liveSessionPlaceholders } from '@/features/auth/server';
import type { MyApplicationView, PresaleView } from '@/features/presale/types';
import { hasPremiumSql } from '@/features/membership/server';
import { choicesOfApplication, companionsOfApplication } from './result-parts';
import { presaleColumns } from './setup';

/** A member id no row has: the anonymous viewer's, so that one prepared statement serves everyone. */
export const NOBODY = '00000000-0000-0000-0000-000000000000';

/** The member's live application as the panel reads it (a JSON object: its `updatedAt` an ISO string). */
export type LiveApplication = Omit<MyApplicationView, 'updatedAt'> & { updatedAt: string | Date };

const now = sql`${sql.placeholder('now')}::timestamptz`;

/** Until the results are out and announced, the view is the live application's (view.ts, mineOf). */
const liveApplicationWanted = sql`(${presales.drawnAt} is null or ${now} < ${presales.resultsAt}
  or ${presales.resultsAnnouncedAt} is null)`;

/** The member's live application with its choices and companions (the parts' SQL, result-parts.ts). */
const liveApplication = (memberId: SQL) => sql<LiveApplication | null>`(
  select json_build_object(
    'receiptNo', "presale_applications"."receipt_no", 'tickets', "presale_applications"."tickets",
    'status', "presale_applications"."status", 'wonOfferingId', "presale_applications"."won_offering_id",
    'wonRank', "presale_applications"."won_rank", 'voidReason', "presale_applications"."void_reason",
    'paymentMethod', "presale_applications"."payment_method", 'updatedAt', "presale_applications"."updated_at",
    'accessNeed', "presale_applications"."access_need", 'accessNote', "presale_applications"."access_note",
    'choices', ${choicesOfApplication}, 'companions', ${companionsOfApplication})
  from "presale_applications"
  where "presale_applications"."presale_id" = ${presales.id} and "presale_applications"."member_id" = ${memberId}
    and "presale_applications"."cancelled_at" is null
  limit 1)`;

/** The member's invitation to accompany someone in this presale (unanswered or accepted), if any. */
const invitation = (memberId: SQL) => sql<PresaleView['invitation']>`(
  select json_build_object('receiptNo', a.receipt_no, 'applicantNickname', m.nickname, 'tickets', a.tickets,
    'status', coalesce(pp.companion_status, 'invited'))
  from presale_participants pp
  join presale_applications a on a.id = pp.application_id
  join members m on m.id = a.member_id
  where pp.presale_id = ${presales.id} and pp.member_id = ${memberId} and pp.role = 'companion')`;

/** While the window is open (and only then), whether the member is premium now: the form's eligibility. */
const premiumWhileOpen = (memberId: SQL) => sql<boolean | null>`case
  when ${presales.cancelledAt} is null and ${presales.opensAt} <= ${now} and ${now} < ${presales.closesAt}
  then ${hasPremiumSql(memberId, now)} end`;

/** The columns of the panel's statement, for the member whose id `memberId` gives (see preparePresaleForMember). */
function presaleForMemberFields(memberId: SQL) {
  return {
    ...presaleColumns,
    result: presaleResults.result,
    liveStatus: presaleApplications.status,
    livePaymentMethod: presaleApplications.paymentMethod,
    liveUpdatedAt: presaleApplications.updatedAt,
    // 復活当選 wins after the results time: the seat comes from the application, not the result row.
    liveWonOfferingId: presaleApplications.wonOfferingId,
    liveWonRank: presaleApplications.wonRank,
    live: sql<LiveApplication | null>`case when ${liveApplicationWanted} then ${liveApplication(memberId)} end`,
    invitation: invitation(memberId),
    premium: premiumWhileOpen(memberId),
  };
}

const ofTheItem = and(
  eq(presales.itemId, sql.placeholder('itemId')),
  eq(presales.siteId, sql.placeholder('siteId')),
);

/**
 * Everything the TICKET item's presale panel needs for one member, in one prepared statement (issue 40): the item's
 * presale; once the results are out, the viewer's result row (written at the results time, result-rows.ts) and the
 * live part of its application, joined by primary keys; before, the live application with its choices and
 * companions; the viewer's invitation as a companion; and while the window is open, whether the viewer is premium
 * now (hasPremiumSql, the SQL the application itself is checked by). PostgreSQL runs a CASE branch's subquery only
 * when the branch is taken, so the result time reads what it read before this statement grew, plus one key lookup
 * (the invitation). The live part is joined rather than copied into the result row because billing (paid), the job
 * (lapsed) and a cancellation (refunded) change it, each in its own transaction (docs/decisions/0034, 2026-11-27).
 * Placeholders: itemId, siteId, memberId (NOBODY for a visitor), now (ISO).
 */
export function preparePresaleForMember(db: Db) {
  const memberId = sql`${sql.placeholder('memberId')}::uuid`;
  return db
    .select(presaleForMemberFields(memberId))
    .from(presales)
    .leftJoin(
      presaleResults,
      and(eq(presaleResults.presaleId, presales.id), eq(presaleResults.memberId, memberId)),
    )
    .leftJoin(presaleApplications, eq(presaleApplications.id, presaleResults.applicationId))
    .where(ofTheItem)
    .limit(1)
    .prepare('presale_of_item_for_member');
}

/**
 * The same panel for the member of a session token, with that live session and its member row (find_session_member,
 * session-member.ts), in one statement: the panel's answer at the result time is then one round trip where it was
 * two, which took about a tenth of its CPU (issue 40). No row means the item has no presale: the session is then read
 * on its own. Placeholders: itemId, siteId, idHash, now (ISO).
 */
export function prepareSessionPresale(db: Db) {
  return db
    .select({ ...presaleForMemberFields(sql`${members.id}`), session: sessions, member: members })
    .from(presales)
    .leftJoin(sessions, liveSessionPlaceholders)
    .leftJoin(members, and(eq(members.siteId, sessions.siteId), eq(members.uid, sessions.uid)))
    .leftJoin(
      presaleResults,
      and(eq(presaleResults.presaleId, presales.id), eq(presaleResults.memberId, members.id)),
    )
    .leftJoin(presaleApplications, eq(presaleApplications.id, presaleResults.applicationId))
    .where(ofTheItem)
    .limit(1)
    .prepare('presale_of_item_for_session');
}

export type PresaleForMember = Awaited<
  ReturnType<ReturnType<typeof preparePresaleForMember>['execute']>
>[number];

/** The member's result view from their row and the application's live status; null when there is no row. */
export function mineFromRow(row: PresaleForMember): MyApplicationView | null {
  const { result, liveStatus, livePaymentMethod, liveUpdatedAt, liveWonOfferingId, liveWonRank } = row;
  if (!result || !liveStatus || !livePaymentMethod || !liveUpdatedAt) return null;
  return {
    receiptNo: result.receiptNo,
    tickets: result.tickets,
    status: liveStatus,
    choices: result.choices,
    companions: result.companions,
    wonOfferingId: result.wonOfferingId ?? liveWonOfferingId,
    wonRank: result.wonRank ?? liveWonRank,
    voidReason: result.voidReason,
    accessNeed: result.accessNeed ?? null,
    accessNote: result.accessNote ?? null,
    paymentMethod: livePaymentMethod,
    updatedAt: liveUpdatedAt.toISOString(),
  };
}

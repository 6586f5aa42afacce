import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import type { Db } from '@/server/db/client';
import { executeRows, pgArray } from '@/server/db/raw';
import { contentItems, presaleApplications, presaleParticipants, presales } from '@/server/db/schema';
import type { Member } from '@/features/membership';
import { hasPremiumSql } from '@/features/membership/server';
import { notify } from '@/features/notices/server';

/**
 * One answer for every member number that cannot be named as a companion, whatever the reason (no such member, not
 * premium, joined after the cutoff, already taking part, or they refused this applicant's invitations): the field
 * must not tell who the members are (issue 37).
 */
export const unnamable = (memberNumber: number) =>
  new AppError('VALIDATION', `会員番号 ${memberNumber} の方は同行者に指定できません。`);

export interface NamedCompanion {
  id: string;
  memberNumber: number;
}

/** What the companion checks answer for one number typed (companionChecksSql). */
export interface CompanionCheck {
  number: number;
  id: string | null;
  joined: boolean;
  premium: boolean;
  taken: boolean;
  blocked: boolean;
  /** Namable: the one rule, in SQL, whichever statement checked it. */
  ok: boolean;
}

/**
 * The checks of the members named as companions, one row per number in the order typed (`ord`), every condition
 * evaluated for every number (no early exit that a stopwatch could tell apart). `ok` is the rule, written here only:
 * the application statement writes only when every row is ok (apply.ts), the transaction path refuses the first that
 * is not. A member already in the applicant's own application (an update) stays namable; anyone taking part
 * elsewhere in this presale does not.
 */
export function companionChecksSql(
  presale: { id: SQL; siteId: SQL; joinedBefore: SQL },
  /** The applicant's id, a `uuid`. */
  applicantId: SQL,
  /** The member numbers typed, an `int[]`. */
  numbers: SQL,
  /** The application being changed, a `uuid` (null for a new one). */
  ownApplicationId: SQL,
  /** Now, a `timestamptz`. */
  at: SQL,
): SQL {
  return sql`
    select checks.*, (checks.id is not null and joined and premium and not taken and not blocked) as ok from (
    select n.number::int as number, n.ord, m.id as id,
      coalesce(m.joined_at < ${presale.joinedBefore}, false) as joined,
      coalesce(${hasPremiumSql(sql`m.id`, at)}, false) as premium,
      exists (
        select 1 from presale_participants p
        where p.presale_id = ${presale.id} and p.member_id = m.id
          and p.application_id is distinct from ${ownApplicationId}
      ) as taken,
      exists (
        select 1 from companion_blocks b where b.member_id = m.id and b.blocked_member_id = ${applicantId}
      ) as blocked
    from unnest(${numbers}) with ordinality as n(number, ord)
    left join members m on m.site_id = ${presale.siteId} and m.member_number = n.number
    ) checks`;
}

/** The companions named, in the order typed, from their checks; the first number that cannot be named refuses. */
export function judgeCompanions(rows: readonly CompanionCheck[]): NamedCompanion[] {
  const named: NamedCompanion[] = [];
  for (const row of rows) {
    if (!row.ok) throw unnamable(row.number);
    named.push({ id: row.id!, memberNumber: row.number });
  }
  return named;
}

/** The members named as companions, in the order typed, checked in one query (companionChecksSql). */
export async function namedCompanions(
  db: Db,
  presale: { id: string; siteId: string; joinedBefore: Date },
  applicant: Pick<Member, 'id'>,
  numbers: readonly number[],
  ownApplicationId: string | null,
  now: Date,
): Promise<NamedCompanion[]> {
  if (numbers.length === 0) return [];
  const checks = companionChecksSql(
    {
      id: sql`${presale.id}::uuid`,
      siteId: sql`${presale.siteId}::uuid`,
      joinedBefore: sql`${presale.joinedBefore.toISOString()}::timestamptz`,
    },
    sql`${applicant.id}::uuid`,
    sql`${pgArray(numbers)}::int[]`,
    sql`${ownApplicationId}::uuid`,
    sql`${now.toISOString()}::timestamptz`,
  );
  return judgeCompanions(await executeRows<CompanionCheck>(db, sql`${checks} order by checks.ord`));
}

/** The presale's title, item page and close, for the companions' notices. */
async function noticeContext(db: Db, presaleId: string) {
  const [row] = await db
    .select({
      siteId: presales.siteId,
      closesAt: presales.closesAt,
      title: contentItems.title,
      section: contentItems.section,
      itemId: contentItems.id,
    })
    .from(presales)
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .where(eq(presales.id, presaleId))
    .limit(1);
  return { ...row!, path: paths.item(row!.section, row!.itemId) };
}

/** Tells each newly named companion at once, in the transaction that named them (お知らせ and mail). */
export async function noticeInvited(
  tx: Db,
  presaleId: string,
  inviter: Pick<Member, 'nickname'>,
  application: { id: string; tickets: number },
  invited: readonly NamedCompanion[],
  now: Date,
): Promise<void> {
  if (invited.length === 0) return;
  const context = await noticeContext(tx, presaleId);
  for (const companion of invited) {
    await notify(tx, {
      siteId: context.siteId,
      memberId: companion.id,
      kind: 'presale-companion-invited',
      // Named again after a decline: a new invitation, a new notice.
      key: `presale-companion-invited:${application.id}:${companion.id}:${now.getTime()}`,
      data: {
        title: context.title,
        inviter: inviter.nickname,
        tickets: application.tickets,
        answerBy: context.closesAt.toISOString(),
        path: context.path,
      },
    });
  }
}

/**
 * The member applies on their own: their unanswered invitation is withdrawn (an invitation never blocks its
 * invitee), and the inviter is told they may name someone else until the close. The inviter's application keeps its
 * ticket count; as after a decline, the close draws it for the companions who accepted (close-and-draw.ts).
 */
export async function withdrawInvitation(
  tx: Db,
  presaleId: string,
  member: Member,
  now: Date,
): Promise<void> {
  const [gone] = await tx
    .delete(presaleParticipants)
    .where(
      and(
        eq(presaleParticipants.presaleId, presaleId),
        eq(presaleParticipants.memberId, member.id),
        eq(presaleParticipants.role, 'companion'),
        eq(presaleParticipants.companionStatus, 'invited'),
      ),
    )
    .returning({ applicationId: presaleParticipants.applicationId });
  if (!gone) return;
  const [application] = await tx
    .select({ memberId: presaleApplications.memberId, receiptNo: presaleApplications.receiptNo })
    .from(presaleApplications)
    .where(eq(presaleApplications.id, gone.applicationId))
    .limit(1);
  const context = await noticeContext(tx, presaleId);
  await notify(tx, {
    siteId: context.siteId,
    memberId: application!.memberId,
    kind: 'presale-companion-withdrawn',
    key: `presale-companion-withdrawn:${gone.applicationId}:${member.id}:${now.getTime()}`,
    data: {
      title: context.title,
      receiptNo: application!.receiptNo,
      companionNumber: member.memberNumber ?? 0,
      closesAt: context.closesAt.toISOString(),
      path: context.path,
    },
  });
}

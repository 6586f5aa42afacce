import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { complimentaryGrants, memberCounters, members, subscriptions } from '@/server/db/schema';
import type { UserStatus } from '@/features/site';
import { membershipStatus } from '@/features/membership/status';

export type Member = typeof members.$inferSelect;

/**
 * The member row of a provider user on a site, created (empty) the first time it is asked for. `email`, when given,
 * is the account's current e-mail and is kept on the row (staff search members by it).
 */
export async function ensureMember(
  db: Db,
  siteId: string,
  uid: string,
  email?: string | null,
): Promise<Member> {
  const insert = db.insert(members).values({ siteId, uid, email: email ?? null });
  await (email
    ? insert.onConflictDoUpdate({
        target: [members.siteId, members.uid],
        set: { email },
        setWhere: sql`${members.email} IS DISTINCT FROM ${email}`,
      })
    : insert.onConflictDoNothing({ target: [members.siteId, members.uid] }));
  const member = await findMember(db, siteId, uid);
  if (!member) throw new AppError('INTERNAL', `member ${uid} was not written`);
  return member;
}

function prepareFindMember(db: Db) {
  return db
    .select()
    .from(members)
    .where(and(eq(members.siteId, sql.placeholder('siteId')), eq(members.uid, sql.placeholder('uid'))))
    .limit(1)
    .prepare('find_member');
}

// Nearly every member request runs this query (a presale's opening, its result time): built once per database
// handle, not once per call.
const findMemberQueries = new WeakMap<Db, ReturnType<typeof prepareFindMember>>();

export async function findMember(db: Db, siteId: string, uid: string): Promise<Member | null> {
  let query = findMemberQueries.get(db);
  if (!query) findMemberQueries.set(db, (query = prepareFindMember(db)));
  const [row] = await query.execute({ siteId, uid });
  return row ?? null;
}

/**
 * Joining: gives the member the site's next number, once. The counter row is locked by the increment and rolled
 * back with the transaction, so numbers stay unique and without gaps however many members join at once.
 */
export async function joinMember(db: Db, memberId: string, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ siteId: members.siteId, memberNumber: members.memberNumber })
      .from(members)
      .where(eq(members.id, memberId))
      .for('update');
    if (!member) throw new AppError('NOT_FOUND');
    if (member.memberNumber !== null) return member.memberNumber;
    const [counter] = await tx
      .insert(memberCounters)
      .values({ siteId: member.siteId, lastNumber: 1 })
      .onConflictDoUpdate({
        target: memberCounters.siteId,
        set: { lastNumber: sql`${memberCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: memberCounters.lastNumber });
    if (!counter) throw new AppError('INTERNAL', 'no member number was given');
    const memberNumber = counter.lastNumber;
    await tx
      .update(members)
      .set({ memberNumber, joinedAt: now, updatedAt: now })
      .where(eq(members.id, memberId));
    return memberNumber;
  });
}

/** The member's status now, from their subscriptions and staff grants (never stored). */
export async function memberStatus(db: Db, memberId: string, now = new Date()): Promise<UserStatus> {
  const [subs, grants] = await Promise.all([
    db
      .select({
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      })
      .from(subscriptions)
      .where(eq(subscriptions.memberId, memberId)),
    db
      .select({ endsAt: complimentaryGrants.endsAt, revokedAt: complimentaryGrants.revokedAt })
      .from(complimentaryGrants)
      .where(eq(complimentaryGrants.memberId, memberId)),
  ]);
  return membershipStatus({ subscriptions: subs, grants }, now);
}

/** "000123": member numbers are shown zero-padded on the card. */
export function formatMemberNumber(memberNumber: number): string {
  return String(memberNumber).padStart(6, '0');
}

import { and, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/client';
import { members, sessions } from '@/server/db/schema';
import { hashSessionToken, isWellFormedSessionToken } from '@/features/auth/server';
import { hasPremiumSql } from '@/features/membership/server/access-sql';

/** What one request's session opens on a site: who, since when checked, and the membership level. */
export interface ViewerAccess {
  uid: string;
  email: string | null;
  siteId: string;
  sessionHash: string;
  authTime: Date;
  verifiedAt: Date;
  level: 'guest' | 'premium';
}

/**
 * The session, its member and the member's premium access at the site's billing time, in one round trip: a member's
 * page view must stay within three (issue 7). `sandboxClock` adds the sandbox's test-clock offset, as
 * SandboxProvider.now does, so that a moved clock ends access here exactly as in memberStatus. Every member's page
 * view asks it: prepared once per database handle and clock, not built per request (issue 19).
 */
function prepareViewerAccess(db: Db, sandboxClock: boolean) {
  const m = alias(members, 'm');
  const siteId = sql.placeholder('siteId');
  const now = sql.placeholder('now');
  const offset = sandboxClock
    ? sql`COALESCE((SELECT c.offset_ms FROM sandbox_clocks c WHERE c.site_id = ${siteId}), 0)`
    : sql`0`;
  const at = sql`(${now}::timestamptz + ${offset} * interval '1 millisecond')`;
  return db
    .select({
      sessionHash: sessions.idHash,
      uid: sessions.uid,
      email: sessions.email,
      authTime: sessions.authTime,
      verifiedAt: sessions.verifiedAt,
      premium: sql<boolean | null>`${hasPremiumSql(sql`${m.id}`, at)} AND ${m.id} IS NOT NULL`,
    })
    .from(sessions)
    .leftJoin(m, and(eq(m.siteId, sessions.siteId), eq(m.uid, sessions.uid)))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        eq(sessions.siteId, siteId),
        gt(sessions.expiresAt, sql`${now}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare(sandboxClock ? 'viewer_access_on_clock' : 'viewer_access');
}

const prepared = new WeakMap<Db, Map<boolean, ReturnType<typeof prepareViewerAccess>>>();

function viewerAccessQuery(db: Db, sandboxClock: boolean) {
  let byClock = prepared.get(db);
  if (!byClock) prepared.set(db, (byClock = new Map()));
  let query = byClock.get(sandboxClock);
  if (!query) byClock.set(sandboxClock, (query = prepareViewerAccess(db, sandboxClock)));
  return query;
}

export async function findViewerAccess(
  db: Db,
  siteId: string,
  token: string,
  options: { sandboxClock: boolean },
  now = new Date(),
): Promise<ViewerAccess | null> {
  if (!isWellFormedSessionToken(token)) return null;
  const [row] = await viewerAccessQuery(db, options.sandboxClock).execute({
    idHash: hashSessionToken(token),
    siteId,
    now: now.toISOString(),
  });
  if (!row) return null;
  return {
    uid: row.uid,
    email: row.email,
    siteId,
    sessionHash: row.sessionHash,
    authTime: row.authTime,
    verifiedAt: row.verifiedAt,
    level: row.premium ? 'premium' : 'guest',
  };
}

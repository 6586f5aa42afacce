import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
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

interface Row {
  id_hash: string;
  uid: string;
  email: string | null;
  auth_time: string | Date;
  verified_at: string | Date;
  premium: boolean | null;
}

/**
 * The session, its member and the member's premium access at the site's billing time, in one round trip: a member's
 * page view must stay within three (issue 7). `sandboxClock` adds the sandbox's test-clock offset, as
 * SandboxProvider.now does, so that a moved clock ends access here exactly as in memberStatus.
 */
export async function findViewerAccess(
  db: Db,
  siteId: string,
  token: string,
  options: { sandboxClock: boolean },
  now = new Date(),
): Promise<ViewerAccess | null> {
  if (!isWellFormedSessionToken(token)) return null;
  const offset = options.sandboxClock
    ? sql`COALESCE((SELECT c.offset_ms FROM sandbox_clocks c WHERE c.site_id = ${siteId}), 0)`
    : sql`0`;
  const at = sql`(${now.toISOString()}::timestamptz + ${offset} * interval '1 millisecond')`;
  const result: unknown = await db.execute(sql`
    SELECT se.id_hash, se.uid, se.email, se.auth_time, se.verified_at,
           ${hasPremiumSql(sql.raw('m.id'), at)} AND m.id IS NOT NULL AS premium
    FROM sessions se
    LEFT JOIN members m ON m.site_id = se.site_id AND m.uid = se.uid
    WHERE se.id_hash = ${hashSessionToken(token)} AND se.site_id = ${siteId}
      AND se.expires_at > ${now.toISOString()}::timestamptz
    LIMIT 1`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
  const row = rows[0];
  if (!row) return null;
  return {
    uid: row.uid,
    email: row.email,
    siteId,
    sessionHash: row.id_hash,
    authTime: new Date(row.auth_time),
    verifiedAt: new Date(row.verified_at),
    level: row.premium ? 'premium' : 'guest',
  };
}

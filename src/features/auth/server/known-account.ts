import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { members, sessions, staffMembers } from '@/server/db/schema';

/**
 * Whether the site knows the provider user: a member row (written by the first sign-up step), a staff role, or a
 * live session here (which its first sign-in opened with a solved challenge: a second device, a password change).
 * A user it does not know is a sign-up, or another service's account here for the first time: its first session
 * needs a solved challenge (docs/decisions/0024). One round trip on indexes of (site, uid).
 */
export async function isKnownAccount(
  db: Db,
  siteId: string,
  uid: string,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .select({ known: sql<number>`1` })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.uid, uid)))
    .union(
      db
        .select({ known: sql<number>`1` })
        .from(staffMembers)
        .where(and(eq(staffMembers.siteId, siteId), eq(staffMembers.uid, uid))),
    )
    .union(
      db
        .select({ known: sql<number>`1` })
        .from(sessions)
        .where(and(eq(sessions.siteId, siteId), eq(sessions.uid, uid), gt(sessions.expiresAt, now))),
    );
  return rows.length > 0;
}

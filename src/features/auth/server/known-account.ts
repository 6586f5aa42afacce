import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { members, staffMembers } from '@/server/db/schema';

/**
 * Whether the site knows the provider user: a member row (written by the first sign-up step) or a staff role. A
 * user it does not know is a sign-up, or another service's account here for the first time: its first session
 * needs a solved challenge (docs/decisions/0024). One round trip on two unique indexes.
 */
export async function isKnownAccount(db: Db, siteId: string, uid: string): Promise<boolean> {
  const rows = await db
    .select({ known: sql<number>`1` })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.uid, uid)))
    .union(
      db
        .select({ known: sql<number>`1` })
        .from(staffMembers)
        .where(and(eq(staffMembers.siteId, siteId), eq(staffMembers.uid, uid))),
    );
  return rows.length > 0;
}

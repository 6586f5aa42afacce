import 'server-only';
import { and, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { staffMembers } from '@/server/db/schema';
import { can, type Permission, type StaffRole } from '@/features/staff/roles';

/** A signed-in user of the site's tenant who holds a staff role on that site. */
export interface StaffActor {
  siteId: string;
  uid: string;
  email: string | null;
  displayName: string;
  role: StaffRole;
}

/** The staff role of this user on this site, or null: a member, or anyone's account on another site, is nobody. */
export async function findStaffActor(db: Db, siteId: string, uid: string): Promise<StaffActor | null> {
  const [row] = await db
    .select({ email: staffMembers.email, displayName: staffMembers.displayName, role: staffMembers.role })
    .from(staffMembers)
    .where(and(eq(staffMembers.siteId, siteId), eq(staffMembers.uid, uid)))
    .limit(1);
  return row ? { siteId, uid, ...row } : null;
}

/**
 * The first line of every staff data function: the actor's role must grant the permission. Pages and routes check
 * too, but this is the check that holds whoever calls.
 */
export function assertCan(actor: StaffActor, permission: Permission): void {
  if (!can(actor.role, permission)) throw new AppError('FORBIDDEN');
}

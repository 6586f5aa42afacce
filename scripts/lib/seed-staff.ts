import type { Db } from '@/server/db/client';
import { staffMembers } from '@/server/db/schema';
import type { Site } from '@/features/site';
import { STAFF_ROLES } from '@/server/db/staff-schema';
import type { DemoUser } from './seed-auth';

const isStaffRole = (role: string): role is (typeof STAFF_ROLES)[number] =>
  (STAFF_ROLES as readonly string[]).includes(role);

/** The demo staff of each site (owner, editor, support accounts of demo/users.json). Idempotent; keeps later edits. */
export async function seedDemoStaff(db: Db, sites: Site[], users: Record<string, DemoUser[]>): Promise<void> {
  for (const site of sites) {
    for (const user of users[site.slug] ?? []) {
      if (!isStaffRole(user.role)) continue;
      await db
        .insert(staffMembers)
        .values({
          siteId: site.id,
          uid: user.uid,
          email: user.email,
          displayName: user.displayName,
          role: user.role,
        })
        .onConflictDoNothing();
    }
  }
}

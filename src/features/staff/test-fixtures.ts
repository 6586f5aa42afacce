import type { StaffActor } from '@/features/staff/server/actor';
import type { StaffRole } from '@/features/staff/roles';

/** A staff member of the site in the given role, as the console's server code receives it. */
export const actorOf = (siteId: string, role: StaffRole = 'support'): StaffActor => ({
  siteId,
  uid: `staff-${role}-${siteId.slice(0, 8)}`,
  email: `${role}@example.jp`,
  displayName: `${role}さん`,
  role,
});

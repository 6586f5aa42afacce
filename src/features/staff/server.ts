// Public entry of the staff feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { assertCan, findStaffActor, type StaffActor } from './server/actor';
export { recordAudit } from './server/audit';
export { addStaff, changeStaffRole, removeStaff } from './team/server/team';
export { tenantAccountLookup } from './team/server/tenant-lookup';

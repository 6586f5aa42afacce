// Public entry of the staff feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { can, type Permission, type StaffRole } from './roles';
export type { StaffActor } from './server/actor';
export { addStaffSchema, changeRoleSchema } from './team/schemas';

// Public entry of the staff feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { ITEM_JSON_MAX_BYTES, itemSchemaFor, newItemSchema } from './content/schemas';
export { pickSection, staffSections } from './content/sections';
export { toFormValues } from './content/server/form-values';
export { isLegalKind, legalDocumentSchema } from './legal/schema';
export { tooLargeMessage, typesOf, UPLOAD_ROLES, type UploadRole, wrongTypeMessage } from './media/roles';
export { parseMemberFilter } from './members/schemas';
export { createPlanSchema } from './plans/schemas';
export { can, type Permission, type StaffRole } from './roles';
export type { StaffActor } from './server/actor';
export { addStaffSchema, changeRoleSchema } from './team/schemas';

// Public entry of the content feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { findItem, listSection, PAGE_SIZE } from './server/items';
export { previewItem } from './server/preview-item';
export { PUBLIC_COLUMNS, type ViewContext, visible } from './server/rows';
export { createItem, type ItemUpdate, setItemBody, updateItem } from './server/write';
export { findStaffItem, listStaffItems, loadItemForEdit, previewStaffItem } from './staff/server/item-reads';
export {
  createStaffItem,
  deleteStaffItem,
  publishStaffItem,
  unpublishStaffItem,
  updateStaffItem,
} from './staff/server/item-writes';
export { itemState } from './staff/server/staff-item';
export { addTenureBenefit, benefitsForYears, removeTenureBenefit } from './staff/tenure/server/benefits';

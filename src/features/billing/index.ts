// Public entry of the billing feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { describeCardError } from './card-errors';
export { parseMemberFilter } from './staff/members/schemas';
export { createPlanSchema } from './staff/plans/schemas';
export { salesFileName } from './staff/sales/csv';
export { lastMonths, parseMonthRange } from './staff/sales/months';
export { voucherView } from './voucher';

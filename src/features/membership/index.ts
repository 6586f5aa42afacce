// Public entry of the membership feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { type EntryPrice, formatEntryPrice } from './entry-price';
export { INTERVAL_LABELS } from './intervals';
export type { Member } from './server/members';
export type { ViewerAccess } from './server/viewer-access';
export { isPremiumSubscription, membershipStatus } from './status';
export {
  type MembershipPeriod,
  type Tenure,
  type TenureMarkSetting,
  tenureAt,
  tenureMark,
  tenureRuns,
} from './tenure';
export { birthdayText, isBirthdayOn } from './birthday';

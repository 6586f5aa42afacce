// Public entry of the membership feature: helpers for tests only.
// Other folders import the feature only through its entries (decision 0030).

export { addMember, addPlan, type MemberSpec } from './server/test-fixtures';

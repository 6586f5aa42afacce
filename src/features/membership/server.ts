// Public entry of the membership feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { grantRuns, hasPremiumSql, inPremiumSetSql, subscriptionGivesAccess } from './server/access-sql';
export { entryPrice } from './server/entry-price';
export { memberAnswer, type MemberRequest } from './server/member-api';
export { viewerAndMember, type ViewerAndMember } from './server/session-member';
export {
  ensureMember,
  findMember,
  formatMemberNumber,
  joinMember,
  type Member,
  memberStatus,
} from './server/members';
export { choosePlan, findPlan, listPlans, type Plan, updateMember } from './server/profile';
export { findViewerAccess, type ViewerAccess } from './server/viewer-access';
export { memberTenure, membershipPeriods, type MemberTenure } from './server/tenure';

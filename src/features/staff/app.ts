// Public entry of the staff feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { AuditPage } from './audit/components/audit-page';
export { JobsPage } from './jobs/components/jobs-page';
export { renewSitePages } from './server/revalidate';
export { getStaffActor, requireStaffPage } from './server/staff';
export { staffApi } from './server/staff-api';
export { TeamPage } from './team/components/team-page';

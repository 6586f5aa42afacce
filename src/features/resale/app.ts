// Public entry of the resale feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { getResaleCsv, postResaleAction, postResaleMatch, putResaleSettings } from './server/api';
export { ResaleStaffPage } from './components/staff-resale-page';

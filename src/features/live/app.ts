// Public entry of the live feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { getLiveSource, postStaffLive, postStaffLiveKey } from './server/live-api';

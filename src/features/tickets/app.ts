// Public entry of the tickets feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { getCodes, getDoorRoster, postDoorScans, postTicketAction, putTicketSettings } from './server/api';
export { getOfflineCodes } from './server/offline-api';
export { getServiceWorker } from './server/service-worker';

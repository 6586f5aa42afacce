// Public entry of the notices feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { AnnouncementsPage } from './components/announcements-page';
export { DeliveriesPage } from './components/deliveries-page';
export { NoticesLink } from './components/notices-link';
export { announceApi, retryDeliveryApi, savePreferencesApi, unsubscribeApi } from './server/api';

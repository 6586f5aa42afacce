// Public entry of the site feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { legalRoute } from './components/legal-route';
export { getSite, type HostParams, requireSite } from './server/site';
export { APP_ICON_PATH, getAppIcon, getWebManifest } from './server/web-manifest';

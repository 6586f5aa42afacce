// Public entry of the consent feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { ConsentBlock } from './components/consent-block';
export { agreeToTerms, readCurrentVersions } from './server/consent-api';
export { LegalListPage } from './staff/components/legal-list-page';

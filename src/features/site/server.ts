// Public entry of the site feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { isKnownHost } from './server/known-hosts';
export {
  findLegalDocument,
  type Site,
  siteHostNames,
  updateLegalDocument,
  upsertSite,
} from './server/repository';
export { knownSite, siteForHost } from './server/site-cache';

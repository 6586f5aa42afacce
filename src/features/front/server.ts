// Public entry of the front feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { bumpPageCacheGeneration } from './server/generations';
export { audienceFromFront, DECIDED_AUDIENCE_HEADER } from './server/decided-audience';
export { checkBeside, requestAudience } from './server/request-audience';
export { startFront } from './server/start';
export { audiencePath } from './server/stored-page';

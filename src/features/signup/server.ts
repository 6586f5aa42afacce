// Public entry of the signup feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { lookupPostalCode } from './server/postal-codes';

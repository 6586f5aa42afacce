// Public entry of the membership feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { memberPost } from './server/member-post';
export { requireJoinedMember } from './server/my-member';
export { askForVerificationMail } from './server/verification-mail-api';

// Public entry of the support feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { ContactPage } from './components/contact-page';
export { ContactThreadPage } from './components/thread-page';
export { SupportBlock } from './components/support-block';
export { postContact, postMemberReply, postStaffReply } from './server/api';
export { SupportListPage } from './staff/support-list-page';
export { SupportThreadPage } from './staff/support-thread-page';

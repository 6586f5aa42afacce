// Public entry of the auth feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { EmailVerificationNotice } from './components/email-verification-notice';
export {
  createSessionFromToken,
  endSessions,
  readSession,
  type SessionDeps,
  type SessionHandler,
} from './server/session-api';
export { getReader, getViewer, requireViewer } from './server/viewer';

// Public entry of the auth feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { askProvider } from './server/ask-provider';
export { authClientConfig } from './server/client-config';
export { SESSION_COOKIE, sessionTokenOf } from './server/cookie';
export { assertEmailVerified } from './server/email-verified';
export { resolveFreshViewer } from './server/fresh-viewer';
export { firebaseIdentity } from './server/identity';
export {
  recheckInBackground,
  resolveViewer,
  REVERIFY_AFTER_MS,
  viewerOfSession,
} from './server/resolve-viewer';
export {
  createSession,
  hashSessionToken,
  isWellFormedSessionToken,
  liveSessionPlaceholders,
  SESSION_LIFETIME_MS,
} from './server/sessions';

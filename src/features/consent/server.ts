// Public entry of the consent feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { consentAtSignUp } from './server/at-sign-up';
export { currentVersions } from './server/current';
export { assertSignUpConsent, stepNeedsConsent } from './server/gate';
export { recordConsent } from './server/record';
export { versionsView } from './server/view';
export { getLegalDocument, saveLegalDocument } from './staff/server/legal';
export { getDocumentVersion, isVersionedKind, publishNewVersion } from './staff/server/versions';

// Public entry of the signup feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { SignUpStepPage } from './components/signup-step-page';
export { saveMemberDetails } from './server/details-api';
export { saveSignUpStep } from './server/save-step';
export { loadSignUpState } from './server/state';

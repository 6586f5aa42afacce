// Public entry of the billing feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { MembershipPanel } from './components/membership-panel';
export { advanceSandboxClock, billingAction } from './server/billing-api';
export { receiveStripeWebhook } from './server/stripe-webhook';

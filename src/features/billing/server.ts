// Public entry of the billing feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { applySubscriptionState, handleBillingEvent } from './server/events';
export { findReceiptPayment } from './server/history';
export { currentVoucher, KONBINI_DAYS, konbiniOffered } from './server/konbini';
export { leaveMembership, resumeMembership, startPayment } from './server/membership';
export { getPaymentProvider } from './server/provider';
export { startPaymentReconciliation } from './server/reconcile-job';
export { membershipSummary } from './server/summary';

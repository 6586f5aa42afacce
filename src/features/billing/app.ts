// Public entry of the billing feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { BillingPanel } from './components/billing-panel';
export { MembershipPanel } from './components/membership-panel';
export { PlanChangePanel } from './components/plan-change-panel';
export { Receipt } from './components/receipt';
export { advanceSandboxClock, billingAction, payKonbiniInSandbox } from './server/billing-api';
export { receiveStripeWebhook } from './server/stripe-webhook';
export { MemberDetailPage } from './staff/members/components/member-detail-page';
export { MembersPage } from './staff/members/components/members-page';
export { PlansPage } from './staff/plans/components/plans-page';
export { SalesPage } from './staff/sales/components/sales-page';
export { handleDisputeApi } from './staff/sales/server/handle-dispute-api';

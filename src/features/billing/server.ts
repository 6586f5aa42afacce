// Public entry of the billing feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { receiptNumberOf } from './receipt';
export { completeCardCharge, waitingCharge } from './server/card-action';
export { applyDisputeState, disputesOf, type PaymentDispute } from './server/disputes';
export { ensureCustomer } from './server/customer';
export { applySubscriptionState, handleBillingEvent } from './server/events';
export { findReceiptPayment, listPaymentHistory } from './server/history';
export { currentVoucher, KONBINI_DAYS, konbiniOffered, markKonbiniPaid } from './server/konbini';
export { completeKonbini } from './server/konbini-apply';
export { leaveMembership, resumeMembership, startPayment } from './server/membership';
export {
  CARD_GRACE_MS,
  chargeWinByCard,
  paymentsOf,
  resalePaymentsOf,
  settleForRefund,
  type WinToPay,
} from './server/presale-payments';
export { issueWinVoucher } from './server/presale-voucher';
export { getPaymentProvider } from './server/provider';
export { paymentReconciliationJob } from './server/reconcile-job';
export { memberPlan, membershipSummary } from './server/summary';
export { exportFileName, exportMembersCsv } from './staff/members/server/export';
export { grantComplimentary, revokeGrant } from './staff/members/server/grants';
export { exportSalesCsv } from './staff/sales/server/export';
export { salesReport } from './staff/sales/server/sales';
export { createPlan, offerPlanAgain, retirePlan } from './staff/plans/server/plans';

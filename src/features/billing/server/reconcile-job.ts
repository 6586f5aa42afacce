import 'server-only';
import { defineJob } from '@/server/jobs';
import { getPaymentProvider } from '@/features/billing/server/provider';
import { reconcilePayments } from '@/features/billing/server/reconcile';

/**
 * The payment reconciliation (reconcile.ts): payments a crash or an outage left half-done are finished or refunded.
 * Every 30 s: a payment a crash cut short is finished within a minute, and an idle run costs nothing. Each step is
 * idempotent, so a run abandoned at its timeout may meet the next.
 */
export const paymentReconciliationJob = defineJob({
  name: 'payment-reconciliation',
  label: '決済の照合',
  everyMs: 30_000,
  timeoutMs: 120_000,
  async run({ db }) {
    const report = await reconcilePayments(db, await getPaymentProvider());
    if (report.completed + report.refunded + report.abandoned > 0) {
      console.log('billing: reconciliation', JSON.stringify(report));
    }
  },
});

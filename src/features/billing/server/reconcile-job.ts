import 'server-only';
import { getDb } from '@/server/db';
import { getPaymentProvider } from '@/features/billing/server/provider';
import { reconcilePayments } from '@/features/billing/server/reconcile';

/** Often enough that a payment a crash cut short is finished within a minute, rarely enough to cost nothing. */
const INTERVAL_MS = 30_000;
/** Soon after start: what the previous process left half-done is finished first. */
const FIRST_RUN_MS = 1_000;

/**
 * Runs the payment reconciliation (reconcile.ts) once soon after the server starts and then on a schedule, in every
 * instance (each step is idempotent). A run that fails (the database or the provider is down) is tried again at the
 * next tick. Answers a function that stops it.
 */
export function startPaymentReconciliation(intervalMs = INTERVAL_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  async function run(): Promise<void> {
    try {
      const report = await reconcilePayments(await getDb(), await getPaymentProvider());
      if (report.completed + report.refunded + report.abandoned > 0) {
        console.log('billing: reconciliation', JSON.stringify(report));
      }
    } catch (error) {
      console.warn('billing: reconciliation not finished, tried again later:', (error as Error).message);
    }
    if (!stopped) timer = setTimeout(() => void run(), intervalMs).unref();
  }
  timer = setTimeout(() => void run(), FIRST_RUN_MS).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

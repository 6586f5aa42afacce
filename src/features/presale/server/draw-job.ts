import 'server-only';
import { getDb } from '@/server/db';
import { getPaymentProvider } from '@/features/billing/server';
import { runPresaleJobs } from './jobs';

/** A presale is frozen, drawn, announced and its wins paid within this long; an idle check is a few small queries. */
const INTERVAL_MS = 15_000;

/**
 * Freezes and draws every presale past its close, announces results and pays the wins (jobs.ts), in every instance: each step takes the presale's row lock and does
 * nothing the second time, so two instances never draw twice. A failed run is tried again at the next tick.
 */
export function startPresaleDraws(intervalMs = INTERVAL_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  async function run(): Promise<void> {
    try {
      const run = await runPresaleJobs(await getDb(), await getPaymentProvider());
      const done = Object.entries(run).filter(([, count]) => count > 0);
      if (done.length) console.log(`presale: ${done.map(([step, count]) => `${count} ${step}`).join(', ')}`);
    } catch (error) {
      console.warn('presale: draw not finished, tried again later:', (error as Error).message);
    }
    if (!stopped) timer = setTimeout(() => void run(), intervalMs).unref();
  }
  timer = setTimeout(() => void run(), 1_000).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

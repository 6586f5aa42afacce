import 'server-only';
import { defineJob } from '@/server/jobs';
import { getPaymentProvider } from '@/features/billing/server';
import { runPresaleJobs } from './jobs';

/**
 * Freezes and draws every presale past its close, announces results and pays the wins (jobs.ts), every 15 s: a
 * presale is drawn, announced and paid within that long, and an idle run is a few small queries. Each step takes the
 * presale's row lock and does nothing the second time, so a run abandoned at its timeout may meet the next.
 */
export const presaleJob = defineJob({
  name: 'presale',
  label: '先行受付の抽選・結果・支払い',
  everyMs: 15_000,
  timeoutMs: 300_000,
  async run({ db, crowd }) {
    const run = await runPresaleJobs(db, await getPaymentProvider(), new Date(), crowd);
    const done = Object.entries(run).filter(([, count]) => count > 0);
    if (done.length) console.log(`presale: ${done.map(([step, count]) => `${count} ${step}`).join(', ')}`);
  },
});

import 'server-only';
import { defineJob } from '@/server/jobs';
import type { Db } from '@/server/db/client';
import type { PaymentProvider } from '@/server/payments/types';
import { getPaymentProvider } from '@/features/billing/server';
import { latestSlot, presalesWithResale, runRound } from './match';
import { endCancelledResale } from './cancel';
import { issueVouchers, lapseDueMatches, refundResaleStrays, refundSold, transferPaid } from './settle';

export interface ResaleRun {
  rounds: number;
  matched: number;
  vouchers: number;
  transferred: number;
  refunded: number;
  lapsed: number;
  cancelled: number;
}

/**
 * One tick of the resale: unpaid matches past their due time lapse first (their seats go back to this round), each
 * presale's latest scheduled match time is drawn (once per slot), konbini matches get their voucher, paid matches
 * move their tickets, sold listings are refunded, and money for a lapsed match is given back. Every step is a
 * conditional update, a unique key or an idempotency key, so two instances may run it at once (decision 0049).
 */
export async function runResaleJobs(db: Db, provider: PaymentProvider, now = new Date()): Promise<ResaleRun> {
  const run: ResaleRun = {
    rounds: 0,
    matched: 0,
    vouchers: 0,
    transferred: 0,
    refunded: 0,
    lapsed: 0,
    cancelled: 0,
  };
  run.lapsed = await lapseDueMatches(db, provider, now);
  // A cancelled presale's (中止) resale ends before anything else is matched, charged or moved (decision 0049).
  run.cancelled = await endCancelledResale(db, provider, now);
  for (const presale of await presalesWithResale(db)) {
    const slot = latestSlot(presale.resaleMatchTimes, now);
    if (!slot) continue;
    const round = await runRound(db, presale.id, slot, now);
    if (round) {
      run.rounds++;
      run.matched += round.matched;
    }
  }
  run.vouchers = await issueVouchers(db, provider);
  run.transferred = await transferPaid(db, now);
  run.refunded = await refundSold(db, provider, now);
  await refundResaleStrays(db, provider);
  return run;
}

/** The resale's job in the one job runner (src/server/jobs), every 15 s. */
export const resaleJob = defineJob({
  name: 'resale',
  label: '公式リセールの抽選・支払い・返金',
  everyMs: 15_000,
  timeoutMs: 300_000,
  async run({ db }) {
    const run = await runResaleJobs(db, await getPaymentProvider());
    const done = Object.entries(run).filter(([, count]) => count > 0);
    if (done.length) console.log(`resale: ${done.map(([step, count]) => `${count} ${step}`).join(', ')}`);
  },
});

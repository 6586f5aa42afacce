import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { presales } from '@/server/db/schema';
import type { PaymentProvider } from '@/server/payments/types';
import { cancelledPresales, finishCancellation } from './cancel';
import { closeAndDrawDue } from './close-and-draw';
import { announceResults, presalesWithOpenWins, resultsDue } from './results';
import { lapseDue, refundStrays, settleWins } from './settle';
import { presaleColumns } from './setup';

export interface PresaleRun {
  drawn: number;
  announced: number;
  settled: number;
  lapsed: number;
  cancelled: number;
}

/**
 * One tick of the presale job (scripts/serve.ts, every instance): close and draw; at the results time announce
 * (once) and pay the wins (card charged, or konbini voucher issued); lapse wins unpaid at their due time; refund
 * money that arrived for what is no longer won; finish cancelled events' refunds. Every step is idempotent under
 * concurrency (row locks, unique indexes, idempotency keys: docs/decisions/0032), so two instances may run it at once.
 */
export async function runPresaleJobs(
  db: Db,
  provider: PaymentProvider,
  now = new Date(),
  /** Waits while a crowd is being answered (JobContext.crowd): called between the wins paid. */
  crowd?: () => Promise<void>,
): Promise<PresaleRun> {
  const run: PresaleRun = { drawn: 0, announced: 0, settled: 0, lapsed: 0, cancelled: 0 };
  run.drawn = await closeAndDrawDue(db, now);
  for (const id of await resultsDue(db, now)) {
    if (await announceResults(db, id, now)) run.announced++;
  }
  for (const id of await presalesWithOpenWins(db)) {
    // Without the draw record (every entry): this runs every 15 s for each presale with open wins.
    const [presale] = await db.select(presaleColumns).from(presales).where(eq(presales.id, id));
    if (!presale) continue;
    run.settled += await settleWins(db, provider, presale, crowd);
    run.lapsed += await lapseDue(db, provider, presale, now);
  }
  await refundStrays(db, provider);
  for (const presale of await cancelledPresales(db)) {
    run.cancelled += await finishCancellation(db, provider, presale, now);
  }
  return run;
}

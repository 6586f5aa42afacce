import { rssBytes } from '../../lib/bench-app';
import { BOUNDS } from '../bounds';
import { fansAtPayment } from '../fans';
import { sleep } from '../http';
import { faultDuring, firstPayments, retryUnsettled } from '../payments';
import { timeToRecover } from '../recovery';
import type { Scenario } from '../report';
import type { World } from '../setup';
import { checkPayments } from './payment-checks';

const MiB = 2 ** 20;

/**
 * Fans pay at once; a few hundred ms in, PostgreSQL stops (fast: a clean shutdown; immediate: a crash), stays down
 * for `downMs`, and starts again. Meanwhile the app is left alone: the time until it serves a DB-backed page again
 * is its recovery without a restart. Then every fan without a final answer presses the button again.
 */
export async function dbStopDuringPayments(
  world: World,
  s: Scenario,
  options: { mode: 'fast' | 'immediate'; fans: number; downMs: number; tries: number },
): Promise<void> {
  const fans = await fansAtPayment(world.fans, `db-${options.mode}`, options.fans);
  const rssBefore = await rssBytes(world.app.pid());
  const uids = fans.map((fan) => fan.uid);
  // Written by the fault while the payments run.
  const measured: { recovery: number | null } = { recovery: null };
  const polls = { summary: 'none' };
  const { results, timing } = await faultDuring(
    fans.map((fan) => () => world.payments.pay(fan)),
    world.payments.strikeWithinMs,
    async (mark) => {
      mark();
      await world.cluster.stop(options.mode);
      await sleep(options.downMs);
      await world.cluster.start();
      measured.recovery = await timeToRecover(world, { answers: polls });
    },
    () => world.payments.halfDone(uids),
  );
  const payments = firstPayments(fans, results);
  await retryUnsettled(world.payments.pay, payments, options.tries);
  const ledger = await world.payments.audit(payments);
  checkPayments(s, payments, ledger, timing, options.tries);
  world.payments.report(s);
  const { recovery } = measured;
  s.check(
    'recovery without a restart',
    recovery === null ? 'none in 30 s' : `${recovery} ms`,
    `<= ${BOUNDS.RECOVERY_MS} ms`,
    recovery !== null && recovery <= BOUNDS.RECOVERY_MS,
  );
  s.info('answers while recovering', polls.summary);
  const rssAfter = await rssBytes(world.app.pid());
  const mib = (bytes: number | null) => (bytes === null ? '?' : `${(bytes / MiB).toFixed(0)} MiB`);
  s.info('app RSS before / after', `${mib(rssBefore)} / ${mib(rssAfter)}`);
  s.figure('rss', { before: rssBefore, after: rssAfter });
  s.figure('recoveryMs', recovery);
}

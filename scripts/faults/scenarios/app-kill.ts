import { BOUNDS, slowest, statusCounts } from '../bounds';
import { fansAtPayment, type Fan } from '../fans';
import { send, sleep, type Answer } from '../http';
import { faultDuring, firstPayments, retryUnsettled } from '../payments';
import type { Scenario } from '../report';
import type { World } from '../setup';
import { checkPayments } from './payment-checks';

/**
 * The app is killed with SIGKILL while fans pay, and started again as `npm start` starts it; the fans press the
 * button again. Then members leave with a reason and the app is killed again mid-way: every leave that was
 * answered 200 (at once or on a retry) must have its reason stored.
 */
export async function appKilledMidWrite(
  world: World,
  s: Scenario,
  options: { fans: number; tries: number },
): Promise<void> {
  const fans = await fansAtPayment(world.fans, 'kill', options.fans);
  const restart: number[] = [];
  const killAndRestart = async (mark: () => void) => {
    const killedAt = Date.now();
    await world.app.kill9(mark);
    await world.app.start();
    restart.push(Date.now() - killedAt);
  };
  const { results, timing } = await faultDuring(
    fans.map((fan) => () => world.payments.pay(fan)),
    world.payments.strikeWithinMs,
    killAndRestart,
    () => world.payments.halfDone(fans.map((fan) => fan.uid)),
  );
  const payments = firstPayments(fans, results);
  await retryUnsettled(world.payments.pay, payments, options.tries);
  checkPayments(s, payments, await world.payments.audit(payments), timing, options.tries);
  world.payments.report(s);

  const members = await membersAmong(world, fans);
  const reasonOf = (fan: Fan) => `フォールト試験の退会理由 ${fan.n}`;
  const leave = (fan: Fan) =>
    send(world.app.base, '/api/billing/leave', {
      method: 'POST',
      body: { reason: reasonOf(fan) },
      cookie: fan.cookie,
      accept: 'application/json',
    });
  const left = await faultDuring(
    members.map((fan) => () => leave(fan)),
    150,
    killAndRestart,
  );
  const attempts = left.results.map((answer) => [answer]);
  await Promise.all(
    members.map(async (fan, i) => {
      const tried = attempts[i]!;
      // 200 is the answer; 409 (nothing to leave) is final too: pressing again would not change it.
      while (![200, 409].includes(tried.at(-1)!.status) && tried.length < options.tries) {
        await sleep(1_000);
        tried.push(await leave(fan));
      }
    }),
  );
  const answered = members.filter((_, i) => attempts[i]!.at(-1)!.status === 200);
  const stored = await reasonsStored(world, answered, reasonOf);
  const all: Answer[] = attempts.flat();
  s.check(
    'leaves in flight at the kill',
    `${left.timing.inFlight}/${members.length}`,
    '> 0',
    left.timing.inFlight > 0,
  );
  s.info('leave answers (all tries)', statusCounts(all));
  s.check(
    `every leave answered 200 after <= ${options.tries} tries`,
    `${answered.length}/${members.length}`,
    'all',
    members.length > 0 && answered.length === members.length,
  );
  s.check(
    'leaves answered 200 with their reason stored',
    `${stored}/${answered.length}`,
    'all',
    stored === answered.length,
  );
  const longest = slowest(all);
  s.check(
    'slowest leave request',
    `${longest} ms`,
    `<= ${BOUNDS.REQUEST_MS} ms`,
    longest <= BOUNDS.REQUEST_MS,
  );
  s.info('restart after SIGKILL (to the first 200)', restart.map((ms) => `${ms} ms`).join(', '));
  s.figure('restartMs', restart);
}

async function membersAmong(world: World, fans: Fan[]): Promise<Fan[]> {
  const rows = await world.sql<{ uid: string }[]>`
    select m.uid from members m
    where m.site_id = ${world.siteId} and m.uid = any(${fans.map((fan) => fan.uid)}) and m.member_number is not null
      and exists (select 1 from subscriptions s where s.member_id = m.id and s.status = 'active')`;
  const uids = new Set(rows.map((row) => row.uid));
  return fans.filter((fan) => uids.has(fan.uid));
}

/** How many of these fans' subscriptions are set to end with their own reason kept. */
async function reasonsStored(world: World, fans: Fan[], reasonOf: (fan: Fan) => string): Promise<number> {
  if (fans.length === 0) return 0;
  const rows = await world.sql<{ uid: string; reason: string | null }[]>`
    select m.uid, s.cancel_reason as reason from members m join subscriptions s on s.member_id = m.id
    where m.site_id = ${world.siteId} and m.uid = any(${fans.map((fan) => fan.uid)})
      and s.cancel_at_period_end`;
  return fans.filter((fan) => rows.some((row) => row.uid === fan.uid && row.reason === reasonOf(fan))).length;
}

import { BOUNDS, slowest, statusCounts } from '../bounds';
import { jsonOf, send, sleep, type Answer } from '../http';
import { faultDuring } from '../payments';
import { timeToRecover } from '../recovery';
import type { Scenario } from '../report';
import { jstMinute, resaleLedger, seedResale, type ResaleWorld } from '../resale';
import type { World } from '../setup';

export type ResaleFault = 'fast' | 'immediate' | 'kill';

/** How long the job runner (every 15 s, its lease freed when its holder died here) may take to finish the work. */
const FINISH_WITHIN_MS = 45_000;

/**
 * 公式リセール under a fault (issue 41): a drawn presale's returned seats and the members waiting for them. The staff
 * press 今すぐマッチング and, in the middle of the round (its draw frozen, not yet applied), PostgreSQL stops (fast or
 * immediate, down `downMs`) or the app is SIGKILLed and started again; the job runner, whose match time is that same minute, must
 * finish the same round. Then every matched buyer pays at once and a fault (the same, or another) strikes in the middle of
 * the payments (a charge at the provider not yet recorded, or a paid match not yet moved); the buyers press again, the
 * job runner moves the tickets and refunds the sellers. Judged from the database: no seat valid for two people, no
 * payment taken twice, no refund missing, doubled or early, every match paid with its tickets moved.
 */
export async function resaleUnderFault(
  world: World,
  s: Scenario,
  options: {
    faults: { match: ResaleFault; payment: ResaleFault };
    sellers: number;
    buyers: number;
    tries: number;
    downMs: number;
  },
): Promise<void> {
  const exchange = await seedResale(world, `${options.faults.match}-${options.faults.payment}`, {
    sellers: options.sellers,
    buyers: options.buyers,
  });
  const atMatch = faultOf(world, options.faults.match, options.downMs);
  const atPayment = faultOf(world, options.faults.payment, options.downMs);

  // 1. The match round.
  const presaleId = exchange.presaleId;
  await world.sql`update presales set resale_match_times = ${jstMinute(new Date())} where id = ${presaleId}`;
  const press = () =>
    send(world.app.base, `/api/staff/presales/${exchange.itemId}/resale`, {
      method: 'POST',
      body: {},
      cookie: exchange.staffCookie,
      accept: 'application/json',
    });
  const matchStarted = Date.now();
  const { results: pressed, timing: matchTiming } = await faultDuring([press], 1_000, atMatch.run, () =>
    midMatch(world, presaleId),
  );
  const matchFinished = await until(() => roundApplied(world, presaleId), FINISH_WITHIN_MS);
  s.info('match press answer', statusCounts(pressed));
  s.info('match round at the fault', matchTiming.inFlight > 0 ? 'in flight' : 'already answered');
  s.check(
    'match round finished after recovery',
    matchFinished === null
      ? `not within ${FINISH_WITHIN_MS / 1000} s`
      : `${Date.now() - matchStarted} ms after the press`,
    `<= ${FINISH_WITHIN_MS / 1000} s`,
    matchFinished !== null,
  );
  const afterMatch = await resaleLedger(world, presaleId);
  s.check(
    'round drawn once (draw / applied rounds)',
    `${afterMatch.drawRounds} / ${afterMatch.resaleRounds}`,
    '1 / 1',
    afterMatch.drawRounds === 1 && afterMatch.resaleRounds === 1,
  );
  s.check(
    'seats adrift after the match (listing and match disagree)',
    afterMatch.seatsAdrift,
    '0',
    afterMatch.seatsAdrift === 0,
  );

  // 2. The matched buyers pay at once.
  const dueRows = await world.sql<{ id: string; member_id: string }[]>`
    select id, member_id from resale_matches where presale_id = ${presaleId} and status = 'due'`;
  const payers = dueRows.map((match) => ({
    match: match.id,
    buyer: exchange.buyers.find((buyer) => buyer.memberId === match.member_id)!,
  }));
  const pay = (payer: (typeof payers)[number]) =>
    send(world.app.base, '/api/resale/pay', {
      method: 'POST',
      body: { id: payer.match },
      cookie: payer.buyer.cookie,
      accept: 'application/json',
    });
  const { results, timing } = await faultDuring(
    payers.map((payer) => () => pay(payer)),
    1_000,
    atPayment.run,
    () => midPayment(world, presaleId),
  );
  const attempts: Answer[][] = results.map((answer) => [answer]);
  await Promise.all(
    payers.map(async (payer, i) => {
      const tried = attempts[i]!;
      while (!paidAnswer(tried.at(-1)!) && tried.length < options.tries) {
        await sleep(1_000);
        tried.push(await pay(payer));
      }
    }),
  );
  const settled = await until(() => exchangeSettled(world, presaleId), FINISH_WITHIN_MS);
  const ledger = await resaleLedger(world, presaleId);
  const all = attempts.flat();
  s.check(
    'payments in flight at the fault',
    `${timing.inFlight}/${payers.length}`,
    '> 0',
    timing.inFlight > 0,
  );
  s.info('payment answers (all tries)', statusCounts(all));
  s.check(
    `every buyer told paid after <= ${options.tries} tries`,
    `${attempts.filter((tried) => paidAnswer(tried.at(-1)!)).length}/${payers.length}`,
    'all',
    payers.length > 0 && attempts.every((tried) => paidAnswer(tried.at(-1)!)),
  );
  s.check(
    'transfers and refunds finished after recovery',
    settled === null ? `not within ${FINISH_WITHIN_MS / 1000} s` : 'yes',
    `<= ${FINISH_WITHIN_MS / 1000} s`,
    settled !== null,
  );
  s.info(
    'listings / matches / transferred / seats refunded',
    `${ledger.listings} / ${ledger.matches} / ${ledger.transferred} / ${ledger.refunded}`,
  );
  s.check('seats valid for two holders', ledger.heldTwice, '0', ledger.heldTwice === 0);
  s.check('matches charged twice', ledger.chargedTwice, '0', ledger.chargedTwice === 0);
  s.check('sellers refunded less than sold (missing)', ledger.refundMissing, '0', ledger.refundMissing === 0);
  s.check('sellers refunded more than sold (doubled)', ledger.refundDoubled, '0', ledger.refundDoubled === 0);
  s.check('refunds before the buyer paid', ledger.refundEarly, '0', ledger.refundEarly === 0);
  s.check(
    'matches neither paid and moved nor back for the next round',
    ledger.unsettled,
    '0',
    ledger.unsettled === 0 && ledger.matches > 0,
  );
  s.check('seats adrift (listing and match disagree)', ledger.seatsAdrift, '0', ledger.seatsAdrift === 0);
  const longest = slowest([...pressed, ...all]);
  s.check(
    'slowest resale request',
    `${longest} ms`,
    `<= ${BOUNDS.REQUEST_MS} ms`,
    longest <= BOUNDS.REQUEST_MS,
  );
  s.info(
    'recovery or restart (match, payment)',
    [...atMatch.recoveries, ...atPayment.recoveries].map((ms) => `${ms} ms`).join(', '),
  );
  s.figure('ledger', ledger);
  s.figure('afterMatch', afterMatch);
  s.figure('timing', { match: matchTiming, payment: timing });
  s.figure(
    'buyers',
    payers.map((payer, i) => ({
      match: payer.match,
      attempts: attempts[i]!.map((a) => ({
        status: a.status,
        failure: a.failure,
        ms: a.ms,
        body: a.text.slice(0, 160),
      })),
    })),
  );
}

function faultOf(world: World, fault: ResaleFault, downMs: number) {
  const recoveries: number[] = [];
  const run = async (mark: () => void) => {
    const at = Date.now();
    if (fault === 'kill') {
      await world.app.kill9(mark);
      await world.app.start();
    } else {
      mark();
      await world.cluster.stop(fault);
      await sleep(downMs);
      await world.cluster.start();
      await timeToRecover(world);
    }
    recoveries.push(Date.now() - at);
  };
  return { run, recoveries };
}

const paidAnswer = (answer: Answer) =>
  answer.status === 200 && (jsonOf(answer) as { status?: string } | null)?.status === 'paid';

/** The round's draw is frozen (or drawn) but its matches are not written yet. */
async function midMatch(world: World, presaleId: string): Promise<boolean> {
  const [row] = await world.sql<{ mid: boolean }[]>`
    select exists (select 1 from draw_rounds where presale_id = ${presaleId})
      and not exists (select 1 from resale_rounds where presale_id = ${presaleId}) as mid`;
  return row?.mid ?? false;
}

/** A buyer charged at the provider without a paid payment yet, a paid match not moved, or a sold seat not refunded. */
async function midPayment(world: World, presaleId: string): Promise<boolean> {
  const [row] = await world.sql<{ mid: boolean }[]>`
    select exists (select 1 from one_off_payments p join resale_matches m on m.id = p.resale_match_id
                   join sandbox_charges c on c.attempt_id = p.id::text
                   where m.presale_id = ${presaleId} and p.status <> 'paid')
      or exists (select 1 from resale_matches where presale_id = ${presaleId} and status = 'paid')
      or exists (select 1 from resale_listings where presale_id = ${presaleId} and status = 'sold') as mid`;
  return row?.mid ?? false;
}

async function roundApplied(world: World, presaleId: string): Promise<boolean> {
  const [row] = await world.sql<{ n: number }[]>`
    select count(*)::int as n from resale_rounds where presale_id = ${presaleId}`;
  return (row?.n ?? 0) > 0;
}

/** Nothing left half-way: no match paid but not moved, no seat sold but not refunded. */
async function exchangeSettled(world: World, presaleId: string): Promise<boolean> {
  const [row] = await world.sql<{ open: number }[]>`
    select ((select count(*) from resale_matches where presale_id = ${presaleId} and status = 'paid')
      + (select count(*) from resale_listings where presale_id = ${presaleId} and status = 'sold'))::int as open`;
  return row?.open === 0;
}

/** Polls `done` every 250 ms (a failed poll, the database still coming back, counts as not yet). */
async function until(done: () => Promise<boolean>, limitMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await done().catch(() => false)) return Date.now() - started;
    await sleep(250);
  }
  return null;
}

export type { ResaleWorld };

import { BOUNDS, slowest, statusCounts } from '../bounds';
import { jsonOf, send, sleep, type Answer } from '../http';
import { faultDuring } from '../payments';
import type { Scenario } from '../report';
import { secondChanceLedger, seedSecondChance } from '../second-chance';
import type { World } from '../setup';

/** How long the job runner (every 15 s) may take to charge the winners and issue their tickets. */
const FINISH_WITHIN_MS = 60_000;

/**
 * 復活当選 under a fault (issue 41): a drawn presale's lost applications in line and 制作開放席. The staff press
 * 復活当選を実行 and, in the middle of the round (drawn, its winners not made yet), the app is SIGKILLed and started
 * again; the staff press again; the presale job charges the winners' cards and the ticket job gives them seats.
 * Judged from the database: one round for its key, drawn and applied once, no seat given beyond the release, no
 * application won twice, no card charged twice, no seat held by two valid tickets.
 */
export async function secondChanceUnderKill(
  world: World,
  s: Scenario,
  options: { winners: number; waiting: number; released: number; tries: number },
): Promise<void> {
  const round = await seedSecondChance(world, 'kill', options);
  const presaleId = round.presaleId;
  const press = () =>
    send(world.app.base, `/api/staff/presales/${round.itemId}/second-chance`, {
      method: 'POST',
      body: {},
      cookie: round.staffCookie,
      accept: 'application/json',
    });
  const restarts: number[] = [];
  const { results, timing } = await faultDuring(
    [press],
    1_000,
    async (mark) => {
      const at = Date.now();
      await world.app.kill9(mark);
      await world.app.start();
      restarts.push(Date.now() - at);
    },
    () => midRound(world, presaleId),
  );
  const presses: Answer[] = [...results];
  // The staff see an error (or nothing) and press again until the page says the round was drawn.
  while (!drawnAnswer(presses.at(-1)!) && presses.length < options.tries) {
    await sleep(1_000);
    presses.push(await press());
  }
  s.info('round at the kill', timing.inFlight > 0 ? 'in flight' : 'already answered');
  s.info('press answers (all tries)', statusCounts(presses));
  s.check(
    `staff told drawn after <= ${options.tries} presses`,
    drawnAnswer(presses.at(-1)!) ? `${presses.length}` : 'no',
    'yes',
    drawnAnswer(presses.at(-1)!),
  );
  // A staff member who presses once more (or a second tab) must get nothing new: every released seat is given.
  const again = await press();
  presses.push(again);
  s.check(
    'press after the round was drawn',
    again.text.slice(0, 40),
    '{"status":"empty"}',
    again.status === 200 && (jsonOf(again) as { status?: string } | null)?.status === 'empty',
  );
  const started = Date.now();
  let ledger = await secondChanceLedger(world, presaleId);
  while (
    (ledger.paid < ledger.winners || ledger.ticketsOfWinners < ledger.seatsGiven) &&
    Date.now() - started < FINISH_WITHIN_MS
  ) {
    await sleep(1_000);
    ledger = await secondChanceLedger(world, presaleId).catch(() => ledger);
  }
  s.check(
    'round rows for its key (and other rounds)',
    `${ledger.roundRows} (${ledger.otherRounds})`,
    '1 (0)',
    ledger.roundRows === 1 && ledger.otherRounds === 0,
  );
  s.check(
    'winners / seats given (of released)',
    `${ledger.winners} / ${ledger.seatsGiven} (${round.released})`,
    `> 0 / <= ${round.released}`,
    ledger.winners > 0 && ledger.seatsGiven <= round.released,
  );
  s.check(
    'winners the record and the applications disagree on',
    ledger.winnersAdrift,
    '0',
    ledger.winnersAdrift === 0,
  );
  s.check('applications won twice', ledger.wonTwice, '0', ledger.wonTwice === 0);
  s.check(
    'winners paid by card and ticketed',
    `${ledger.paid}/${ledger.winners}, ${ledger.ticketsOfWinners}/${ledger.seatsGiven} seats`,
    `all within ${FINISH_WITHIN_MS / 1000} s`,
    ledger.paid === ledger.winners && ledger.ticketsOfWinners === ledger.seatsGiven,
  );
  s.check('winners charged twice', ledger.chargedTwice, '0', ledger.chargedTwice === 0);
  s.check('seats held by two valid tickets', ledger.heldTwice, '0', ledger.heldTwice === 0);
  const longest = slowest(presses);
  s.check('slowest press', `${longest} ms`, `<= ${BOUNDS.REQUEST_MS} ms`, longest <= BOUNDS.REQUEST_MS);
  s.info('restart', restarts.map((ms) => `${ms} ms`).join(', '));
  s.figure('ledger', ledger);
  s.figure('timing', timing);
  s.figure(
    'presses',
    presses.map((a) => ({ status: a.status, failure: a.failure, ms: a.ms, body: a.text.slice(0, 160) })),
  );
}

const drawnAnswer = (answer: Answer) =>
  answer.status === 200 && (jsonOf(answer) as { status?: string } | null)?.status === 'drawn';

/** The round is frozen or drawn but no application has been made its winner yet. */
async function midRound(world: World, presaleId: string): Promise<boolean> {
  const [row] = await world.sql<{ mid: boolean }[]>`
    select exists (select 1 from draw_rounds where presale_id = ${presaleId} and kind = 'second-chance')
      and not exists (select 1 from presale_applications where presale_id = ${presaleId}
                      and second_chance_round_id is not null) as mid`;
  return row?.mid ?? false;
}

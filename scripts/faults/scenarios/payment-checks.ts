import { BOUNDS, slowest, statusCounts, timeouts } from '../bounds';
import { CLIENT_TIMEOUT } from '../http';
import type { Ledger } from '../ledger';
import type { FanPayment, FaultTiming } from '../payments';
import type { Scenario } from '../report';

/** The checks every payment round makes: the ledger (0 stuck, 0 lost, 0 duplicated) and the waits. */
export function checkPayments(
  s: Scenario,
  payments: FanPayment[],
  ledger: Ledger,
  timing: FaultTiming,
  tries: number,
): void {
  const first = payments.map((payment) => payment.attempts[0]!);
  const all = payments.flatMap((payment) => payment.attempts);
  // Without payments in flight when the fault began, the round would prove nothing.
  s.check(
    'payments in flight at the fault',
    `${timing.inFlight}/${payments.length}`,
    '> 0',
    timing.inFlight > 0,
  );
  s.info('first answers', statusCounts(first));
  s.info('answers to retries', statusCounts(all.filter((answer) => !first.includes(answer))) || 'none');
  s.info('told paid / members / charged', `${ledger.toldPaid} / ${ledger.members} / ${ledger.charged}`);
  s.check('stuck (charged, not a member)', ledger.stuck, '0', ledger.stuck === 0);
  s.check('lost (told paid, not a member)', ledger.lost, '0', ledger.lost === 0);
  s.check('duplicated (charged twice)', ledger.duplicated, '0', ledger.duplicated === 0);
  s.check(
    `every fan a member after <= ${tries} tries`,
    `${ledger.members}/${ledger.fans}`,
    `${ledger.fans}/${ledger.fans}`,
    ledger.members === ledger.fans,
  );
  const longest = slowest(all);
  s.check(
    'slowest payment request',
    `${longest} ms`,
    `<= ${BOUNDS.REQUEST_MS} ms`,
    longest <= BOUNDS.REQUEST_MS,
  );
  s.check(`client timeouts (${CLIENT_TIMEOUT.ms / 1000} s)`, timeouts(all), '0', timeouts(all) === 0);
  s.figure('ledger', ledger);
  s.figure('timing', timing);
  s.figure(
    'fans',
    payments.map((payment) => ({
      n: payment.fan.n,
      uid: payment.fan.uid,
      outcome: payment.outcome,
      attempts: payment.attempts.map((answer) => ({
        status: answer.status,
        failure: answer.failure,
        ms: answer.ms,
        body: answer.text.slice(0, 200),
      })),
    })),
  );
}

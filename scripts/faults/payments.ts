import { CARD, type Fan, type FanContext } from './fans';
import { jsonOf, send, sleep, type Answer } from './http';

/**
 * Paying as a fan does: POST /api/billing/subscribe with the sandbox's test card (with Stripe: see
 * scripts/faults/stripe.ts), and, when the answer is not a success, pressing the button again (the same request)
 * until the app says paid, says the fan is already a member, or the fan gives up after a bounded number of tries.
 */
export type Outcome = 'paid' | 'already' | 'refused' | 'gave-up';

export interface FanPayment {
  fan: Fan;
  attempts: Answer[];
  outcome: Outcome | null;
}

/**
 * "Paid": the answer the payment form turns into the completion page: the sandbox's payment, or, with Stripe, the
 * read-back after the browser confirmed the card (`/api/billing/sync` answering the membership active). Stripe's
 * first answer (a client secret to confirm) is not one.
 */
export const isPaid = (answer: Answer) => {
  const json = answer.status === 200 ? jsonOf(answer) : null;
  return (json?.next === '/signup/complete' && json.kind !== 'confirm') || json?.status === 'active';
};

function outcomeOf(answer: Answer): Outcome | null {
  if (isPaid(answer)) return 'paid';
  // 409: the server found the fan a member already (an earlier try went through); the form shows that.
  if (answer.status === 409) return 'already';
  if (answer.status === 402) return 'refused';
  return null;
}

/** One press of the payment button, through to "paid" or the answer that stopped it. */
export type Pay = (fan: Fan) => Promise<Answer>;

/** The sandbox takes the card in the payment step itself. */
export const subscribe = (ctx: FanContext, fan: Fan) =>
  send(ctx.base, '/api/billing/subscribe', {
    method: 'POST',
    body: { card: CARD },
    cookie: fan.cookie,
    accept: 'application/json',
  });

export interface FaultTiming {
  /** Requests without an answer when the fault began. */
  inFlight: number;
  faultAt: number;
}

/**
 * Starts every request at once and begins the fault after `delayMs`, as soon as the first answer comes, or as soon
 * as `strikeWhen` (polled every 10 ms) says a write is half-done, whichever is first: the fault meets requests in
 * flight, and where it can, in the middle of their writes. Resolves once every request and the fault ended.
 */
export async function faultDuring<T>(
  requests: (() => Promise<T>)[],
  delayMs: number,
  fault: (mark: () => void) => Promise<void>,
  strikeWhen?: () => Promise<boolean>,
): Promise<{ results: T[]; timing: FaultTiming }> {
  let settled = 0;
  let firstSettled!: () => void;
  const first = new Promise<void>((resolve) => (firstSettled = resolve));
  const running = requests.map((request) =>
    request().finally(() => {
      settled += 1;
      firstSettled();
    }),
  );
  let waiting = true;
  const halfDone = async () => {
    while (waiting && strikeWhen) {
      if (await strikeWhen().catch(() => false)) return;
      await sleep(10);
    }
    await new Promise(() => {});
  };
  await Promise.race([sleep(delayMs), first, halfDone()]);
  waiting = false;
  // The fault marks the moment it strikes (a kill or a stop takes a while to prepare).
  const timing = { inFlight: running.length - settled, faultAt: Date.now() };
  const mark = () => Object.assign(timing, { inFlight: running.length - settled, faultAt: Date.now() });
  const [results] = await Promise.all([Promise.all(running), fault(mark)]);
  return { results, timing };
}

export function firstPayments(fans: Fan[], answers: Answer[]): FanPayment[] {
  return fans.map((fan, i) => ({ fan, attempts: [answers[i]!], outcome: outcomeOf(answers[i]!) }));
}

/** Every fan without a settled outcome tries again, one second apart, up to `tries` attempts in all. */
export async function retryUnsettled(pay: Pay, payments: FanPayment[], tries: number): Promise<void> {
  await Promise.all(
    payments.map(async (payment) => {
      while (payment.outcome === null && payment.attempts.length < tries) {
        await sleep(1_000);
        const answer = await pay(payment.fan);
        payment.attempts.push(answer);
        payment.outcome = outcomeOf(answer);
      }
      payment.outcome ??= 'gave-up';
    }),
  );
}

export const toldPaid = (payment: FanPayment) => payment.attempts.some(isPaid);

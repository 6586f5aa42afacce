import { send, sleep } from './http';
import type { World } from './setup';

/**
 * Milliseconds from now until a DB-backed page (My page of the signed-in demo member: its session is read from the
 * database on every request) answers 200 again, polling every 100 ms; null if not within `limitMs`. With Stripe, the
 * member's profile page: the demo member joined on the sandbox, and My page would ask Stripe for a card of a
 * customer Stripe never had. `answers`, when given, gets the polls' answers in order, runs counted ("503 x12 →
 * timeout x2 → 200"): a recovery over its bound then says whether the app refused fast or kept the page waiting.
 */
export async function timeToRecover(
  world: World,
  options: { limitMs?: number; answers?: { summary: string } } = {},
): Promise<number | null> {
  const { limitMs = 30_000, answers } = options;
  const started = Date.now();
  const page = world.payments.provider === 'stripe' ? '/mypage/profile' : '/mypage';
  const runs: { what: string; count: number }[] = [];
  try {
    while (Date.now() - started < limitMs) {
      const answer = await send(world.app.base, page, { cookie: world.memberCookie, timeoutMs: 5_000 });
      const what = answer.status ? String(answer.status) : (answer.failure ?? 'no answer');
      const last = runs.at(-1);
      if (last?.what === what) last.count++;
      else runs.push({ what, count: 1 });
      if (answer.status === 200) return Date.now() - started;
      await sleep(100);
    }
    return null;
  } finally {
    if (answers)
      answers.summary = runs.map(({ what, count }) => (count > 1 ? `${what} x${count}` : what)).join(' → ');
  }
}

/** After a scenario, whatever it did or failed to undo: the database running and the app serving. */
export async function restore(world: World): Promise<void> {
  try {
    process.kill(-world.emulatorPid, 'SIGCONT');
  } catch {
    // not running: nothing to wake
  }
  if (!(await world.cluster.isRunning())) await world.cluster.start();
  const alive = await send(world.app.base, '/', { timeoutMs: 10_000 });
  if (alive.status !== 200) {
    await world.app.kill9();
    await world.app.start();
  }
}

import { REVERIFY_AFTER_MS } from '@/features/auth/server';
import { BOUNDS, fault } from '../bounds';
import { fanAtPayment, idTokenOf, signIn } from '../fans';
import { describe, send, sleep } from '../http';
import type { Scenario } from '../report';
import type { World } from '../setup';

const FREEZE_MS = 15_000;

/**
 * The identity provider stops answering (the emulator is sent SIGSTOP for 15 s; its sockets still accept, as a
 * hung server's do). A member whose session is due for the provider's re-check opens My page, and a fan signs in
 * with a fresh ID token: both must be answered within the bound, the page served or refused with 503, the sign-in
 * refused with 503 and a Japanese message. After SIGCONT, signing in works again.
 */
export async function identityProviderFrozen(world: World, s: Scenario): Promise<void> {
  const fan = await fanAtPayment(world.fans, 'idp', 0);
  // Older than the re-check interval, so this request asks the provider; still inside any grace the app allows.
  const agedMs = REVERIFY_AFTER_MS + 30_000;
  await world.sql`
    update sessions set verified_at = now() - ${agedMs} * interval '1 millisecond'
    where site_id = ${world.siteId} and uid = ${fan.uid}`;
  const idToken = await idTokenOf(world.fans, fan);

  const [page, signInAnswer] = await frozen(world, () =>
    Promise.all([
      send(world.app.base, '/mypage', { cookie: fan.cookie }),
      send(world.app.base, '/api/session', { method: 'POST', body: { idToken }, accept: 'application/json' }),
    ]),
  );
  const pageOk =
    page.ms <= BOUNDS.IDENTITY_MS &&
    (page.status === 200 || fault('page503', page, BOUNDS.IDENTITY_MS) === null);
  s.check(
    `re-check due (session ${Math.round(agedMs / 1000)} s old): /mypage`,
    `${describe(page)} in ${page.ms} ms`,
    `200 or 503 JA <= ${BOUNDS.IDENTITY_MS} ms`,
    pageOk,
  );
  const signInFault = fault('api503', signInAnswer, BOUNDS.IDENTITY_MS);
  s.check(
    'sign-in POST /api/session',
    `${describe(signInAnswer)} in ${signInAnswer.ms} ms${signInFault && signInAnswer.status ? ` (${signInFault})` : ''}`,
    `503 JA <= ${BOUNDS.IDENTITY_MS} ms`,
    signInFault === null,
  );
  const again = await signIn(world.fans, await idTokenOf(world.fans, fan)).then(
    () => 'signed in',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  s.check('sign-in after the provider is back', again, 'signed in', again === 'signed in');
  s.figure('freezeMs', FREEZE_MS);
  s.figure('page', { status: page.status, failure: page.failure, ms: page.ms });
  s.figure('signIn', { status: signInAnswer.status, failure: signInAnswer.failure, ms: signInAnswer.ms });
}

/** Runs `requests` 300 ms into a freeze of the emulator's process group that lasts FREEZE_MS, whatever happens. */
async function frozen<T>(world: World, requests: () => Promise<T>): Promise<T> {
  process.kill(-world.emulatorPid, 'SIGSTOP');
  const frozenAt = Date.now();
  try {
    await sleep(300);
    const answers = await requests();
    await sleep(Math.max(0, FREEZE_MS - (Date.now() - frozenAt)));
    return answers;
  } finally {
    process.kill(-world.emulatorPid, 'SIGCONT');
  }
}

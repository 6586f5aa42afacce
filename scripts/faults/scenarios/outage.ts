import { BOUNDS, judged, slowest, statusCounts, type Expectation } from '../bounds';
import { fanAtPayment } from '../fans';
import { send, sleep, type Answer, type RequestInit } from '../http';
import { timeToRecover } from '../recovery';
import type { Scenario } from '../report';
import type { World } from '../setup';

interface Target {
  name: string;
  path: string;
  init: RequestInit;
  expect: Expectation;
}

/**
 * PostgreSQL stopped for `sampleMs` while visitors and members keep asking, once a second: a page the front server
 * keeps (requested before the stop) must stay 200 and fast; a page or API that needs the database must answer 503
 * quickly, pages with Retry-After and a Japanese HTML body, APIs with a Japanese JSON message. Then the database
 * comes back and the app must serve again within 10 s without a restart.
 */
export async function outagePages(world: World, s: Scenario, options: { sampleMs: number }): Promise<void> {
  const fan = await fanAtPayment(world.fans, 'outage', 0);
  const json = 'application/json';
  const targets: Target[] = [
    { name: 'cached visitor page /', path: '/', init: {}, expect: 'cached' },
    { name: 'cached visitor page /news', path: '/news', init: {}, expect: 'cached' },
    { name: 'member page /mypage', path: '/mypage', init: { cookie: world.memberCookie }, expect: 'page503' },
    {
      name: 'sign-up page /signup/payment',
      path: '/signup/payment',
      init: { cookie: fan.cookie },
      expect: 'page503',
    },
    {
      name: 'API GET /api/session',
      path: '/api/session',
      init: { cookie: world.memberCookie, accept: json },
      expect: 'api503',
    },
    {
      name: 'API POST /api/signup/nickname',
      path: '/api/signup/nickname',
      init: { method: 'POST', body: { nickname: 'ていでん' }, cookie: fan.cookie, accept: json },
      expect: 'api503',
    },
  ];
  // Before the stop: the cached pages get cached, and every target answers as it normally does.
  const before = await Promise.all(targets.map((target) => send(world.app.base, target.path, target.init)));
  await Promise.all(targets.map((target) => send(world.app.base, target.path, target.init)));
  s.info('answers before the stop', statusCounts(before));

  await world.cluster.stop('fast');
  const samples: Promise<Answer>[][] = targets.map(() => []);
  const stoppedAt = Date.now();
  while (Date.now() - stoppedAt < options.sampleMs) {
    targets.forEach((target, i) => samples[i]!.push(send(world.app.base, target.path, target.init)));
    await sleep(1_000);
  }
  const answers = await Promise.all(samples.map((list) => Promise.all(list)));
  await world.cluster.start();
  const recovery = await timeToRecover(world);

  targets.forEach((target, i) => {
    const limit = target.expect === 'cached' ? BOUNDS.CACHED_MS : BOUNDS.FAIL_FAST_MS;
    const result = judged(target.expect, answers[i]!, limit);
    const wanted = target.expect === 'cached' ? `200 <= ${limit} ms` : `503 JA <= ${limit} ms`;
    s.check(target.name, result.figure, wanted, result.pass);
  });
  const longest = slowest(answers.flat());
  s.check(
    'slowest request in the outage',
    `${longest} ms`,
    `<= ${BOUNDS.REQUEST_MS} ms`,
    longest <= BOUNDS.REQUEST_MS,
  );
  s.check(
    'recovery without a restart',
    recovery === null ? 'none in 30 s' : `${recovery} ms`,
    `<= ${BOUNDS.RECOVERY_MS} ms`,
    recovery !== null && recovery <= BOUNDS.RECOVERY_MS,
  );
  s.figure('recoveryMs', recovery);
  s.figure(
    'samples',
    targets.map((target, i) => ({
      target: target.name,
      answers: answers[i]!.map((a) => ({
        status: a.status,
        failure: a.failure,
        ms: a.ms,
        body: a.text.slice(0, 120),
      })),
    })),
  );
}

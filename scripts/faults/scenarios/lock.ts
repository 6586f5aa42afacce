import postgres from 'postgres';
import { BOUNDS, judged, type Expectation } from '../bounds';
import { send, sleep, type Answer, type RequestInit } from '../http';
import type { Scenario } from '../report';
import type { World } from '../setup';

interface Target {
  name: string;
  path: string;
  init: RequestInit;
  expect: Expectation;
}

/** Holds ACCESS EXCLUSIVE on `table` in a connection of its own for `holdMs`; resolves once the lock is held. */
async function holdLock(url: string, table: string, holdMs: number) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  let locked!: () => void;
  const held = new Promise<void>((resolve) => (locked = resolve));
  const done = sql
    .begin(async (tx) => {
      await tx.unsafe(`lock table ${table} in access exclusive mode`);
      locked();
      await sleep(holdMs);
    })
    .finally(() => sql.end({ timeout: 2 }));
  await Promise.race([held, done]);
  // Wrapped: an async function returning the promise itself would wait for the release.
  return { released: done };
}

/**
 * A hot table locked by someone else (a migration, a stuck transaction): the requests that need it must give up
 * within the fail-fast bound with 503 and a Japanese answer, and the pages the front server keeps stay fast.
 */
export async function lockOnHotTable(world: World, s: Scenario, options: { holdMs: number }): Promise<void> {
  const [item] = await world.sql<{ id: string }[]>`
    select id from content_items where site_id = ${world.siteId} and section = 'blog' and not open_to_all
      and state = 'published' order by published_at desc limit 1`;
  const json = 'application/json';
  const member = world.memberCookie;
  const rounds: { table: string; targets: Target[] }[] = [
    {
      table: 'sessions',
      targets: [
        { name: 'member page /mypage', path: '/mypage', init: { cookie: member }, expect: 'page503' },
        {
          name: 'API GET /api/session',
          path: '/api/session',
          init: { cookie: member, accept: json },
          expect: 'api503',
        },
      ],
    },
    {
      table: 'content_items',
      targets: [
        // The premium members' rendering is held like a visitor's (decision 0022): it needs no content row now.
        {
          name: 'cached premium item as a member',
          path: `/blog/${item!.id}`,
          init: { cookie: member },
          expect: 'cached',
        },
        {
          name: 'API GET /api/content/news',
          path: '/api/content/news',
          init: { accept: json },
          expect: 'api503',
        },
      ],
    },
  ];
  const cached: Target[] = [
    { name: 'cached visitor page /', path: '/', init: {}, expect: 'cached' },
    { name: 'cached visitor page /news', path: '/news', init: {}, expect: 'cached' },
  ];
  for (const round of rounds) {
    const targets = [...round.targets, ...cached];
    await Promise.all(targets.map((target) => send(world.app.base, target.path, target.init)));
    const { released } = await holdLock(world.cluster.url, round.table, options.holdMs);
    // Two samples while the lock is held, both early enough that waiting for its release exceeds the bound.
    const samples: Promise<Answer>[][] = targets.map(() => []);
    for (const delay of [300, 1_200]) {
      await sleep(delay);
      targets.forEach((target, i) => samples[i]!.push(send(world.app.base, target.path, target.init)));
    }
    const answers = await Promise.all(samples.map((list) => Promise.all(list)));
    await released;
    targets.forEach((target, i) => {
      const limit = target.expect === 'cached' ? BOUNDS.CACHED_MS : BOUNDS.FAIL_FAST_MS;
      const result = judged(target.expect, answers[i]!, limit);
      const wanted = target.expect === 'cached' ? `200 <= ${limit} ms` : `503 JA <= ${limit} ms`;
      s.check(`${round.table} locked: ${target.name}`, result.figure, wanted, result.pass);
    });
    s.figure(
      round.table,
      targets.map((target, i) => ({
        target: target.name,
        answers: answers[i]!.map((a) => ({ status: a.status, failure: a.failure, ms: a.ms })),
      })),
    );
  }
}

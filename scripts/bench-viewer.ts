/**
 * `npm run bench:viewer`: the cost of the per-request session check. Seeds one site with 10,000 live sessions, then
 * times 10,000 calls of resolveViewer (the function every member request runs) against a plain `SELECT 1` round
 * trip on the same connection, and prints median, p95 and p99. Uses DATABASE_URL when set, else PGlite in memory.
 * The provider is a stub here: a session asks the real one at most every 4 minutes, not per request.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { runMigrations } from '@/server/db/migrate';
import { openBenchDatabase } from './lib/bench-db';
import { sessions } from '@/server/db/schema';
import { upsertSite } from '@/features/site/server';
import { createSession, hashSessionToken, SESSION_LIFETIME_MS, resolveViewer } from '@/features/auth/server';
import type { IdentityProvider } from '@/features/auth';
import { demoSiteFile } from '@/test/site-fixtures';

const SESSIONS = 10_000;
const CALLS = 10_000;
const WARM_UP = 1_000;

async function time(calls: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = process.hrtime.bigint();
    await fn(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  return samples.sort((a, b) => a - b);
}

const pick = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
const micro = (value: number) => `${value.toFixed(0)} µs`;

async function main() {
  const { handle, label, cleanup } = await openBenchDatabase();
  try {
    await runMigrations(handle);
    const { site } = await upsertSite(handle.db, demoSiteFile('mio'));
    const now = new Date();
    const tokens: string[] = [];
    const rows = Array.from({ length: SESSIONS - 1 }, (_, i) => ({
      idHash: hashSessionToken(randomBytes(32).toString('base64url')),
      siteId: site.id,
      uid: `bench-${i}`,
      email: null,
      authTime: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await handle.db.insert(sessions).values(rows.slice(i, i + 1000));
    for (let i = 0; i < 100; i++) {
      tokens.push(
        (await createSession(handle.db, { siteId: site.id, uid: `member-${i}`, email: null, authTime: now }))
          .token,
      );
    }

    let providerCalls = 0;
    const identity: IdentityProvider = {
      verifyIdToken: async () => null,
      getAccount: async () => {
        providerCalls += 1;
        return { disabled: false, validAfter: null, email: null };
      },
      revokeSessions: async () => {},
    };
    const deps = { db: handle.db, identity };
    const lookup = (i: number) => resolveViewer(deps, site, tokens[i % tokens.length]);
    const roundTrip = () => handle.db.execute(sql`select 1`);

    await time(WARM_UP, lookup);
    await time(WARM_UP, roundTrip);
    const baseline = await time(CALLS, roundTrip);
    const viewer = await time(CALLS, lookup);
    const miss = await time(CALLS, () => resolveViewer(deps, site, randomBytes(32).toString('base64url')));

    console.log(
      `Viewer lookup on ${label}, ${SESSIONS.toLocaleString()} sessions, ${CALLS.toLocaleString()} calls each`,
    );
    console.table({
      'SELECT 1 (one round trip)': {
        median: micro(pick(baseline, 0.5)),
        p95: micro(pick(baseline, 0.95)),
        p99: micro(pick(baseline, 0.99)),
      },
      'resolveViewer, signed in': {
        median: micro(pick(viewer, 0.5)),
        p95: micro(pick(viewer, 0.95)),
        p99: micro(pick(viewer, 0.99)),
      },
      'resolveViewer, unknown token': {
        median: micro(pick(miss, 0.5)),
        p95: micro(pick(miss, 0.95)),
        p99: micro(pick(miss, 0.99)),
      },
    });
    console.log(
      `Median lookup / median round trip: ${(pick(viewer, 0.5) / pick(baseline, 0.5)).toFixed(2)}; provider calls: ${providerCalls}`,
    );
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

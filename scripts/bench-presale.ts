/**
 * `npm run bench:presale` (issue 23): a presale's two peaks and its draw, on PostgreSQL, through the production app
 * that `npm start` runs (built when needed), in a fresh database of its own that it drops afterwards.
 *  1. The opening: 10,000 distinct eligible members apply at once over HTTP (200 connections), each through the
 *     real endpoint (session, same-origin check, rate limit, the presale's share lock; the provider is asked only
 *     about a session due for its check, none here: they are opened just before); then each of the first 1,000
 *     applies again. Counted in the database: none lost, none twice.
 *  2. The draw: a closed presale of 100,000 entries over 20 performances (40 seat types) is frozen and drawn by the
 *     same functions the app's job runs, and its record verified as a fan's browser does.
 *  3. The result time: the job's announce step writes every result (presale_results), then the 10,000 members open
 *     their result at once (the presale API the TICKET item asks); one read outside the load reports its round trips.
 *     `--entries 2000` keeps step 2 short when only the result time is wanted (it does not depend on step 2).
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:presale [-- --members 10000 --entries 100000]
 * Ports: BENCH_PORT (app, default 3720), BENCH_AUTH_PORT (Auth emulator, 9730).
 */
import os from 'node:os';
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { connectPostgres } from '@/server/db/client';
import { contentItems, presaleApplications, presaleOfferings, presales } from '@/server/db/schema';
import { presaleSetupSchema, verifyDrawRecord } from '@/features/presale';
import {
  announceResults,
  closeAndDrawDue,
  drawPresale,
  freezePresale,
  savePresale,
} from '@/features/presale/server';
import { createFreshDatabase } from './lib/bench-db';
import { cpuSeconds, listenerPid, startApp, waitForOk } from './lib/bench-app';
import { openPremiumMemberSessions } from './lib/bench-sessions';
import { rowsOf } from './lib/bench-seed';
import { importEmulatorAccounts, seedEligibleMembers, seedEntries } from './lib/bench-presale-seed';
import { toJstLocalInput } from '@/lib/dates';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    entries: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '200' },
  },
});
const MEMBERS = Number(values.members);
const ENTRIES = Number(values.entries);
const CONNECTIONS = Number(values.connections);
const DUPLICATES = Math.min(1_000, MEMBERS);
// eslint-disable-next-line no-restricted-properties -- the benchmark's own settings, not the app's
const { BENCH_PORT, BENCH_AUTH_PORT, DATABASE_URL } = process.env;
const PORT = Number(BENCH_PORT ?? 3720);
const AUTH_PORT = Number(BENCH_AUTH_PORT ?? 9730);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = '.data/bench-presale';
const PROJECT_ID = 'demo-fanclub';

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const step of cleanups.splice(0).reverse())
    await step().catch((error: unknown) => console.error(error));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().then(() => process.exit(130)));
}

const jst = (date: Date) => toJstLocalInput(date);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A presale on a new TICKET item of the site, set up by the same function staff use, its window open now. */
async function openPresale(
  db: ReturnType<typeof connectPostgres>['db'],
  site: { id: string },
  title: string,
  seatTypes: string[],
  capacity: number,
) {
  const [item] = await db
    .insert(contentItems)
    .values({ siteId: site.id, section: 'ticket', title, state: 'published' })
    .returning({ id: contentItems.id });
  const now = new Date();
  const opens = new Date(now.getTime() - 60_000);
  const setup = presaleSetupSchema.parse({
    performances: Array.from({ length: 20 }, (_, i) => ({
      startsAt: jst(new Date(now.getTime() + (60 + i) * 86_400_000)),
      doorsAt: null,
      venue: `ベンチ会場${i + 1}`,
      offerings: seatTypes.map((seatType) => ({ seatType, capacity, priceYen: 9800 })),
    })),
    ticketsPerApplication: 2,
    choiceCount: 3,
    opensAt: jst(opens),
    closesAt: jst(new Date(now.getTime() + 86_400_000)),
    resultsAt: jst(new Date(now.getTime() + 2 * 86_400_000)),
    joinedBefore: jst(opens),
    companionRule: 'none',
    konbiniDeadlineDays: 3,
  });
  const actor = {
    siteId: site.id,
    uid: 'bench',
    email: 'bench@example.com',
    displayName: 'bench',
    role: 'owner' as const,
  };
  // Set up "an hour before" its opening, as staff would have.
  const presale = await savePresale(db, actor, item!.id, setup, new Date(opens.getTime() - 3_600_000));
  const offerings = await db
    .select({ id: presaleOfferings.id })
    .from(presaleOfferings)
    .where(eq(presaleOfferings.presaleId, presale.id));
  return { presale, itemId: item!.id, offeringIds: offerings.map((o) => o.id) };
}

interface Wave {
  sent: number;
  statuses: Record<string, number>;
  wallMs: number;
  p50: number;
  p99: number;
  max: number;
  /** Socket errors and timeouts: requests that got no answer at all. */
  errors: number;
  wrong: string[];
  /** CPU milliseconds per request of the app server, the Auth emulator and this database's PostgreSQL backends. */
  cpuPerRequest: { app: number; emulator: number; postgres: number };
}

/** Who spends the CPU: read from /proc before and after a wave, so that the figure does not depend on the load. */
interface CpuWatch {
  appPid: number;
  emulatorPid: number | null;
  /** The PostgreSQL backends serving the bench's database now. */
  backends: () => Promise<number[]>;
}
let cpuWatch: CpuWatch | null = null;

async function cpuSnapshot(pids: number[]): Promise<Map<number, number>> {
  const seconds = await Promise.all(pids.map(cpuSeconds));
  return new Map(pids.map((pid, i) => [pid, seconds[i] ?? 0]));
}

async function cpuAround<T>(
  run: () => Promise<T>,
): Promise<[T, { app: number; emulator: number; postgres: number }]> {
  const watch = cpuWatch!;
  const fixed = [watch.appPid, ...(watch.emulatorPid ? [watch.emulatorPid] : [])];
  const before = await cpuSnapshot([...fixed, ...(await watch.backends())]);
  const result = await run();
  const after = await cpuSnapshot([...fixed, ...(await watch.backends())]);
  const spent = (pid: number) => (after.get(pid) ?? 0) - (before.get(pid) ?? 0);
  const backends = [...after.keys()].filter((pid) => !fixed.includes(pid));
  return [
    result,
    {
      app: spent(watch.appPid),
      emulator: watch.emulatorPid ? spent(watch.emulatorPid) : 0,
      postgres: backends.reduce((sum, pid) => sum + spent(pid), 0),
    },
  ];
}

/** `amount` requests, each with the next cookie (and body), `CONNECTIONS` at once; every answer's status kept. */
async function wave(options: {
  method: 'GET' | 'POST';
  path: string;
  cookies: string[];
  body?: (index: number) => string;
  check?: (status: number, body: string) => string | null;
}): Promise<Wave> {
  let next = 0;
  const statuses: Record<string, number> = {};
  const wrong: string[] = [];
  const started = Date.now();
  const [result, cpu] = await cpuAround(() =>
    autocannon({
      url: BASE,
      connections: CONNECTIONS,
      amount: options.cookies.length,
      timeout: 30,
      requests: [
        {
          method: options.method,
          path: options.path,
          setupRequest: (request) => {
            const index = next++;
            return {
              ...request,
              headers: {
                ...request.headers,
                cookie: options.cookies[index % options.cookies.length]!,
                origin: BASE,
                'content-type': 'application/json',
              },
              ...(options.body ? { body: options.body(index) } : {}),
            };
          },
          onResponse: (status, body) => {
            statuses[status] = (statuses[status] ?? 0) + 1;
            const problem = options.check?.(status, body);
            if (problem && wrong.length < 5) wrong.push(problem);
          },
        },
      ],
    }),
  );
  const perRequest = (seconds: number) => Math.round((seconds * 1000 * 100) / options.cookies.length) / 100;
  return {
    cpuPerRequest: {
      app: perRequest(cpu.app),
      emulator: perRequest(cpu.emulator),
      postgres: perRequest(cpu.postgres),
    },
    sent: options.cookies.length,
    statuses,
    wallMs: Date.now() - started,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    wrong,
  };
}

async function main(): Promise<boolean> {
  const loadAtStart = os.loadavg()[0]!;
  const serverUrl = DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  await rm(DATA_DIR, { recursive: true, force: true });
  const fresh = await createFreshDatabase(serverUrl);
  cleanups.push(fresh.drop);
  console.log(
    `bench:presale on PostgreSQL ${new URL(serverUrl).host}, fresh database ${fresh.name}; app on ${PORT}`,
  );
  // eslint-disable-next-line no-restricted-properties -- start.ts inherits this process's environment
  const env: NodeJS.ProcessEnv = { ...process.env };
  Object.assign(env, {
    PORT: String(PORT),
    DATA_DIR,
    AUTH_EMULATOR_PORT: String(AUTH_PORT),
    DATABASE_URL: fresh.url,
    NEXT_TELEMETRY_DISABLED: '1',
    // One result read outside the load reports its round trips (x-db-round-trips).
    DB_QUERY_COUNT_HEADER: 'true',
  });
  const app = startApp(env, (line) => !line.includes('GET /') && !line.includes('POST /'));
  cleanups.push(app.stop);
  await waitForOk(`${BASE}/`, app, 20 * 60_000);

  const handle = connectPostgres(fresh.url, { max: 4 });
  cleanups.push(handle.close);
  const db = handle.db;
  cpuWatch = {
    appPid: await listenerPid(app.child.pid!, PORT),
    emulatorPid: await listenerPid(app.child.pid!, AUTH_PORT).catch(() => null),
    backends: async () =>
      (
        await rowsOf<{ pid: number }>(
          db,
          sql`select pid from pg_stat_activity where datname = ${fresh.name} and pid <> pg_backend_pid()`,
        )
      ).map((row) => row.pid),
  };
  const [mio] = await rowsOf<{ id: string; slug: string; tenant: string }>(
    db,
    sql`select id, slug, config->>'TENANT_ID' as tenant from sites where slug = 'mio'`,
  );
  if (!mio) throw new Error('the demo site mio was not seeded');

  // 1. The opening.
  console.log(`\nSeeding ${MEMBERS} eligible members and their accounts…`);
  const accounts = await seedEligibleMembers(db, mio.id, 'pb-mio-', MEMBERS);
  await importEmulatorAccounts(`127.0.0.1:${AUTH_PORT}`, PROJECT_ID, mio.tenant, accounts);
  const rush = await openPresale(db, mio, '【BENCH】先行 開始', ['指定席'], 400);
  const cookies = await openPremiumMemberSessions(db, mio, MEMBERS, 'pb-mio-');
  const applyBody = (index: number) => {
    const o = rush.offeringIds;
    const first = index % o.length;
    return JSON.stringify({
      action: 'apply',
      application: {
        choices: [o[first], o[(first + 7) % o.length], o[(first + 13) % o.length]],
        tickets: 1 + (index % 2),
        companions: [],
        // The bench's members have no saved card: a win gets a konbini voucher.
        paymentMethod: 'konbini',
      },
    });
  };
  // As a fan does: the TICKET item first (its presale panel, with the form), then the application.
  console.log(`Opening: ${MEMBERS} members open the TICKET item, ${CONNECTIONS} connections…`);
  const pages = await wave({
    method: 'GET',
    path: `/api/presales/item/${rush.itemId}`,
    cookies,
    check: (status, body) =>
      status === 200 && body.includes('"state":"open"') ? null : `${status} ${body.slice(0, 160)}`,
  });
  console.log(`Opening: ${MEMBERS} members apply, ${CONNECTIONS} connections…`);
  const applies = await wave({
    method: 'POST',
    path: `/api/presales/${rush.presale.id}/application`,
    cookies,
    body: applyBody,
    check: (status, body) => (status === 201 ? null : `${status} ${body.slice(0, 160)}`),
  });
  console.log(`  …and each of the first ${DUPLICATES} again…`);
  const again = await wave({
    method: 'POST',
    path: `/api/presales/${rush.presale.id}/application`,
    cookies: cookies.slice(0, DUPLICATES),
    body: applyBody,
    check: (status, body) => (status === 409 ? null : `${status} ${body.slice(0, 160)}`),
  });
  const [stored] = await rowsOf<{ applications: number; members: number }>(
    db,
    sql`select count(*)::int as applications, count(distinct member_id)::int as members
        from presale_applications where presale_id = ${rush.presale.id} and status = 'applied'`,
  );

  // 2. The draw of ENTRIES entries.
  console.log(`\nSeeding a closed presale of ${ENTRIES} entries over 20 performances × 2 seat types…`);
  await seedEligibleMembers(db, mio.id, 'pd-mio-', ENTRIES);
  const big = await openPresale(db, mio, '【BENCH】抽選', ['S席', 'A席'], 2_000);
  await seedEntries(db, big.presale.id, 'pd-mio-', ENTRIES, big.offeringIds);
  const afterClose = new Date(big.presale.closesAt.getTime() + 1_000);
  let mark = Date.now();
  await freezePresale(db, big.presale.id, afterClose);
  const freezeMs = Date.now() - mark;
  mark = Date.now();
  await drawPresale(db, big.presale.id, afterClose);
  const drawMs = Date.now() - mark;
  const [drawn] = await db
    .select({ file: presales.recordFile })
    .from(presales)
    .where(eq(presales.id, big.presale.id));
  mark = Date.now();
  const verification = await verifyDrawRecord(JSON.parse(drawn?.file ?? 'null'));
  const verifyMs = Date.now() - mark;
  const outcomes = await db
    .select({ status: presaleApplications.status, n: sql<number>`count(*)::int` })
    .from(presaleApplications)
    .where(eq(presaleApplications.presaleId, big.presale.id))
    .groupBy(presaleApplications.status);

  // 3. The result time of the opening's presale: closed, drawn, results out; everyone opens their result at once.
  await db.execute(
    sql`update presales set closes_at = now() - interval '2 seconds' where id = ${rush.presale.id}`,
  );
  await closeAndDrawDue(db, new Date(), null);
  await db.execute(sql`update presales set results_at = now() where id = ${rush.presale.id}`);
  // The presale job's announce step at the results time, as every instance runs it (jobs.ts): its time is reported.
  mark = Date.now();
  await announceResults(db, rush.presale.id, new Date());
  const announceMs = Date.now() - mark;
  // Sessions checked just now: none falls due for the provider's check in the wave.
  await db.execute(sql`update sessions set verified_at = now() where uid like 'pb-mio-%'`);
  // The results time comes hours after the draw, when autovacuum has long since vacuumed and analysed what the two
  // draws (and the bench's own session update) wrote: done here, so that the wave does not meet it at work, nor
  // plan its reads on statistics from before the draw.
  for (const table of ['presale_applications', 'presale_choices', 'presale_participants', 'sessions'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  console.log(`\nResult time: ${MEMBERS} members open their result, ${CONNECTIONS} connections…`);
  const results = await wave({
    method: 'GET',
    path: `/api/presales/item/${rush.itemId}`,
    cookies,
    check: (status, body) =>
      status === 200 && /"status":"(won|lost)"/.test(body) ? null : `${status} ${body.slice(0, 160)}`,
  });
  // One result read outside the load: the database round trips it made (session, member, presale, result).
  const probe = await fetch(`${BASE}/api/presales/item/${rush.itemId}`, {
    headers: { cookie: cookies[0]!, origin: BASE },
  });
  await probe.arrayBuffer();
  const resultRoundTrips = probe.headers.get('x-db-round-trips') ?? 'n/a';

  const accepted = applies.statuses['201'] ?? 0;
  const rows = [
    [
      'opening: applications accepted (201)',
      `${accepted} / ${applies.sent}`,
      'all',
      accepted === applies.sent,
    ],
    [
      // A request answered 503 at its deadline may still have been stored (the fan finds it on reload; a retry is
      // refused as a second application): stored counts every member once, at least every one accepted.
      'opening: stored (applied, distinct members)',
      `${stored?.applications} (${stored?.members}); answered 503 but stored ${(stored?.applications ?? 0) - accepted}`,
      '≥ accepted, one per member: 0 lost',
      (stored?.applications ?? 0) >= accepted && stored?.members === stored?.applications,
    ],
    [
      'opening: second applications refused (409)',
      `${again.statuses['409'] ?? 0} / ${again.sent}`,
      'all, 0 duplicates',
      (again.statuses['409'] ?? 0) === again.sent,
    ],
    [
      'opening: the TICKET item first (200, open), p50 / p99',
      `${pages.statuses['200'] ?? 0} / ${pages.sent}; ${pages.p50} / ${pages.p99} ms`,
      'all',
      (pages.statuses['200'] ?? 0) === pages.sent && pages.wrong.length === 0,
    ],
    ['opening: wall time', seconds(applies.wallMs), '≤ 60 s', applies.wallMs <= 60_000],
    [
      'opening: p50 / p99 / max',
      `${applies.p50} / ${applies.p99} / ${applies.max} ms`,
      'p99 < 1000 ms',
      applies.p99 < 1000,
    ],
    [`draw: freeze ${ENTRIES} entries`, seconds(freezeMs), '', true],
    ['draw: draw and write results', seconds(drawMs), '', true],
    ['draw: freeze + draw', seconds(freezeMs + drawMs), '< 10 s', freezeMs + drawMs < 10_000],
    [
      'draw: record verified (as the browser does)',
      `${verification.ok} in ${seconds(verifyMs)}`,
      'true',
      verification.ok,
    ],
    ['draw: outcomes', outcomes.map((o) => `${o.status} ${o.n}`).join(', '), '', true],
    [
      'results: answers with the result (200)',
      `${results.statuses['200'] ?? 0} / ${results.sent}`,
      'all',
      (results.statuses['200'] ?? 0) === results.sent && results.wrong.length === 0,
    ],
    ['results: announce (the job at the results time)', seconds(announceMs), '', true],
    ['results: DB round trips of one result read', resultRoundTrips, '', true],
    ['results: wall time', seconds(results.wallMs), '', true],
    [
      'results: p50 / p99 / max',
      `${results.p50} / ${results.p99} / ${results.max} ms`,
      'p99 < 500 ms',
      results.p99 < 500,
    ],
  ] as const;
  console.log('\n| measure | value | target | met |\n| --- | --- | --- | --- |');
  for (const [measure, value, target, met] of rows)
    console.log(`| ${measure} | ${value} | ${target} | ${met ? 'yes' : 'NO'} |`);
  for (const [name, w] of [
    ['opening: the TICKET item', pages],
    ['opening', applies],
    ['second applications', again],
    ['results', results],
  ] as const) {
    if (w.wrong.length) console.log(`${name}: unexpected answers, e.g. ${w.wrong.join(' | ')}`);
    console.log(`${name}: statuses ${JSON.stringify(w.statuses)}, no answer ${w.errors}`);
    const cpu = w.cpuPerRequest;
    console.log(
      `${name}: CPU per request: app ${cpu.app} ms, Auth emulator ${cpu.emulator} ms, PostgreSQL ${cpu.postgres} ms`,
    );
  }
  console.log(
    `\nMachine: ${os.cpus().length} CPUs, shared; 1-minute load ${loadAtStart.toFixed(1)} at the start, ` +
      `${os.loadavg()[0]!.toFixed(1)} at the end. The app, its Auth emulator, PostgreSQL and the load generator share it.`,
  );
  return rows.every((row) => row[3]);
}

main()
  .then(async (ok) => {
    await cleanUp();
    process.exit(ok ? 0 : 1);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });

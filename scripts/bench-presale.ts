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
 *     `--entries 2000` keeps step 2 short when only the result time is wanted (it does not depend on step 2);
 *     `--entries 0` leaves it out.
 * `--instances N`: the production shape (docs/decisions/0044, lib/bench-shape.ts): N app instances behind nginx
 * (deploy/nginx.conf) on PgBouncer in session mode (deploy/pgbouncer.ini); the load goes through nginx. Without
 * it, one instance on PostgreSQL directly, as before.
 * `--opening-members 2000`: first a club's opening (lib/bench-opening.ts): that many new fans join through the seven
 * sign-up steps from `--opening-addresses` client addresses (20), arriving evenly over `--opening-seconds` (600).
 * Needs `--instances` (the client address is the one nginx forwards).
 * `--busy`: one core kept busy by a CPU hog beside the whole measured part (lib/cpu-hog.ts), which ends with it.
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:presale [-- --members 10000 --entries 100000]
 * Writes bench/results/presale-<instances>-<quiet|busy>-<ISO time>.json.
 * Ports: BENCH_PORT (app, default 3720; instance i on BENCH_PORT + i), BENCH_AUTH_PORT (Auth emulator, 9730), the
 * mail catcher on BENCH_PORT + 30 and + 31, BENCH_EDGE_PORT (nginx, 8720), BENCH_POOLER_PORT (PgBouncer, 6433);
 * BENCH_DB_PREFIX names its database (fc_bench_ and random hex).
 */
import os from 'node:os';
import path from 'node:path';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { connectPostgres } from '@/server/db/client';
import { presaleApplications, presales } from '@/server/db/schema';
import { verifyDrawRecord } from '@/features/presale';
import { announceResults, closeAndDrawDue, drawPresale, freezePresale } from '@/features/presale/server';
import { createFreshDatabase } from './lib/bench-db';
import { runWave, warmPool, type WaveResult } from './lib/bench-wave';
import { cpuSeconds } from './lib/bench-app';
import { startShape } from './lib/bench-shape';
import { openingChecks, runOpening, type OpeningResult } from './lib/bench-opening';
import { startCpuHog } from './lib/cpu-hog';
import { gitCommit } from './lib/bench-report';
import { openPremiumMemberSessions } from './lib/bench-sessions';
import { rowsOf } from './lib/bench-seed';
import {
  importEmulatorAccounts,
  openPresale,
  seedEligibleMembers,
  seedEntries,
} from './lib/bench-presale-seed';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    entries: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '200' },
    instances: { type: 'string', default: '0' },
    busy: { type: 'boolean', default: false },
    'opening-members': { type: 'string', default: '0' },
    'opening-addresses': { type: 'string', default: '20' },
    'opening-seconds': { type: 'string', default: '600' },
  },
});
const MEMBERS = Number(values.members);
const ENTRIES = Number(values.entries);
const CONNECTIONS = Number(values.connections);
const INSTANCES = Number(values.instances);
const OPENING = {
  members: Number(values['opening-members']),
  addresses: Number(values['opening-addresses']),
  seconds: Number(values['opening-seconds']),
};
if (OPENING.members > 0 && INSTANCES < 1)
  throw new Error('--opening-members needs --instances: the client address comes through nginx');
const DUPLICATES = Math.min(1_000, MEMBERS);
/* eslint-disable no-restricted-properties -- the benchmark's own settings, not the app's */
const { BENCH_PORT, BENCH_AUTH_PORT, BENCH_EDGE_PORT, BENCH_POOLER_PORT, BENCH_DB_PREFIX, DATABASE_URL } =
  process.env;
/* eslint-enable no-restricted-properties */
const PORT = Number(BENCH_PORT ?? 3720);
const AUTH_PORT = Number(BENCH_AUTH_PORT ?? 9730);
const EDGE_PORT = Number(BENCH_EDGE_PORT ?? 8720);
const POOLER_PORT = Number(BENCH_POOLER_PORT ?? 6433);
/** Where the load goes: the one instance, or nginx before them (set once they run). */
let BASE = `http://localhost:${PORT}`;
/** What opens each connection of a wave: the TICKET item's presale without a session (set once the item exists). */
let WARM_PATH = '/';
const DATA_DIR = '.data/bench-presale';
const STARTED_AT = new Date();
/** The code this run started with (a commit made while it runs must not be credited with its figures). */
const COMMIT = gitCommit();

type OpeningReport = OpeningResult & { checks: Awaited<ReturnType<typeof openingChecks>> };
const PROJECT_ID = 'demo-fanclub';

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const step of cleanups.splice(0).reverse())
    await step().catch((error: unknown) => console.error(error));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().then(() => process.exit(130)));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Wave extends WaveResult {
  /** CPU milliseconds per request of the app servers, the Auth emulator, nginx and PgBouncer, and PostgreSQL. */
  cpuPerRequest: CpuSpent;
}

/** Who spends the CPU: read from /proc before and after a wave, so that the figure does not depend on the load. */
interface CpuWatch {
  /** Every instance's server process. */
  appPids: number[];
  emulatorPid: number | null;
  /** nginx and PgBouncer, with `--instances`. */
  edgePids: () => Promise<number[]>;
  /** The PostgreSQL backends serving the bench's database now. */
  backends: () => Promise<number[]>;
}

interface CpuSpent {
  app: number;
  emulator: number;
  edge: number;
  postgres: number;
}
let cpuWatch: CpuWatch | null = null;

async function cpuSnapshot(pids: number[]): Promise<Map<number, number>> {
  const seconds = await Promise.all(pids.map(cpuSeconds));
  return new Map(pids.map((pid, i) => [pid, seconds[i] ?? 0]));
}

async function cpuAround<T>(run: () => Promise<T>): Promise<[T, CpuSpent]> {
  const watch = cpuWatch!;
  const emulator = watch.emulatorPid ? [watch.emulatorPid] : [];
  const edge = await watch.edgePids();
  const fixed = [...watch.appPids, ...emulator, ...edge];
  const before = await cpuSnapshot([...fixed, ...(await watch.backends())]);
  const result = await run();
  const after = await cpuSnapshot([...fixed, ...(await watch.backends())]);
  const spent = (pids: number[]) =>
    pids.reduce((sum, pid) => sum + (after.get(pid) ?? 0) - (before.get(pid) ?? 0), 0);
  const backends = [...after.keys()].filter((pid) => !fixed.includes(pid));
  return [
    result,
    { app: spent(watch.appPids), emulator: spent(emulator), edge: spent(edge), postgres: spent(backends) },
  ];
}

/**
 * `cookies.length` requests, each with the next cookie (and body), `CONNECTIONS` at once on connections opened before
 * the clock starts (lib/bench-wave.ts); every answer's status kept.
 */
async function wave(options: {
  method: 'GET' | 'POST';
  path: string;
  cookies: string[];
  body?: (index: number) => string;
  check?: (status: number, body: string) => string | null;
}): Promise<Wave> {
  // A cheap answer to open each connection with: the same address without a session (401, no database read).
  const pool = await warmPool(BASE, CONNECTIONS, WARM_PATH);
  try {
    const [result, cpu] = await cpuAround(() =>
      runWave(pool, CONNECTIONS, options.cookies.length, {
        method: options.method,
        path: options.path,
        headers: (index) => ({
          cookie: options.cookies[index % options.cookies.length]!,
          origin: BASE,
          'content-type': 'application/json',
        }),
        body: options.body,
        check: options.check,
      }),
    );
    const perRequest = (seconds: number) => Math.round((seconds * 1000 * 100) / options.cookies.length) / 100;
    return {
      ...result,
      cpuPerRequest: {
        app: perRequest(cpu.app),
        emulator: perRequest(cpu.emulator),
        edge: perRequest(cpu.edge),
        postgres: perRequest(cpu.postgres),
      },
    };
  } finally {
    await pool.close();
  }
}

/** Step 2: a closed presale of ENTRIES entries, frozen and drawn by the job's functions, its record verified. */
async function drawStep(db: ReturnType<typeof connectPostgres>['db'], mio: { id: string }) {
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
  return { freezeMs, drawMs, verified: verification.ok, verifyMs, outcomes };
}

async function main(): Promise<boolean> {
  const loadAtStart = os.loadavg()[0]!;
  const serverUrl = DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  await rm(DATA_DIR, { recursive: true, force: true });
  const fresh = await createFreshDatabase(serverUrl, BENCH_DB_PREFIX);
  cleanups.push(fresh.drop);
  console.log(`bench:presale on PostgreSQL ${new URL(serverUrl).host}, fresh database ${fresh.name}`);
  // eslint-disable-next-line no-restricted-properties -- start.ts inherits this process's environment
  const env: NodeJS.ProcessEnv = { ...process.env };
  Object.assign(env, {
    DATA_DIR,
    AUTH_EMULATOR_PORT: String(AUTH_PORT),
    // Its own ports, not the default 1025 another run on the machine may hold.
    MAIL_CATCHER_PORT: String(PORT + 30),
    NEXT_TELEMETRY_DISABLED: '1',
    // One result read outside the load reports its round trips (x-db-round-trips).
    DB_QUERY_COUNT_HEADER: 'true',
  });
  const shape = await startShape({
    instances: INSTANCES,
    databaseUrl: fresh.url,
    databaseName: fresh.name,
    port: PORT,
    authPort: AUTH_PORT,
    edgePort: EDGE_PORT,
    poolerPort: POOLER_PORT,
    dataDir: DATA_DIR,
    env,
    filter: (line) => !line.includes('GET /') && !line.includes('POST /'),
    cleanups,
  });
  BASE = shape.base;
  console.log(`The app: ${shape.label}; load sent to ${BASE}`);

  // The bench's own reads and writes go to PostgreSQL directly, never through the pooler it measures.
  const handle = connectPostgres(fresh.url, { max: 4 });
  cleanups.push(handle.close);
  const db = handle.db;
  cpuWatch = {
    appPids: shape.appPids,
    emulatorPid: shape.emulatorPid,
    edgePids: shape.edgePids,
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
  const hog = values.busy ? startCpuHog(3_600) : null;
  if (hog) {
    cleanups.push(hog.stop);
    console.log(`Busy: a CPU hog (pid ${hog.pid}) keeps one core busy until the end (at most an hour).`);
  }

  // 0. A club's opening: new fans join through the seven sign-up steps.
  let opening: OpeningReport | null = null;
  if (OPENING.members > 0) {
    const [plan] = await rowsOf<{ id: string }>(
      db,
      sql`select id from plans where site_id = ${mio.id} and code = 'monthly'`,
    );
    console.log(
      `\nClub opening: ${OPENING.members} new fans from ${OPENING.addresses} addresses over ${OPENING.seconds} s…`,
    );
    const result = await runOpening({
      edgePort: EDGE_PORT,
      emulatorHost: `127.0.0.1:${AUTH_PORT}`,
      projectId: PROJECT_ID,
      tenantId: mio.tenant,
      planId: plan!.id,
      ...OPENING,
      solvers: os.cpus().length,
    });
    opening = { ...result, checks: await openingChecks(db, mio.id, result.uids) };
  }

  // 1. The opening.
  console.log(`\nSeeding ${MEMBERS} eligible members and their accounts…`);
  const accounts = await seedEligibleMembers(db, mio.id, 'pb-mio-', MEMBERS);
  await importEmulatorAccounts(`127.0.0.1:${AUTH_PORT}`, PROJECT_ID, mio.tenant, accounts);
  const rush = await openPresale(db, mio, '【BENCH】先行 開始', ['指定席'], 400);
  WARM_PATH = `/api/presales/item/${rush.itemId}`;
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

  // 2. The draw of ENTRIES entries (none with `--entries 0`).
  const draw = ENTRIES > 0 ? await drawStep(db, mio) : null;

  // 3. The result time of the opening's presale: closed, drawn, results out; everyone opens their result at once.
  await db.execute(
    sql`update presales set closes_at = now() - interval '2 seconds' where id = ${rush.presale.id}`,
  );
  await closeAndDrawDue(db, new Date(), null);
  await db.execute(sql`update presales set results_at = now() where id = ${rush.presale.id}`);
  // The presale job's announce step at the results time, as every instance runs it (jobs.ts): its time is reported.
  const mark = Date.now();
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
    // A member refused at the opening (503, not stored) has no result to see: `"mine":null`.
    check: (status, body) =>
      status === 200 && /"status":"(won|lost)"|"mine":null/.test(body)
        ? null
        : `${status} ${body.slice(0, 160)}`,
  });
  // One result read outside the load: the database round trips it made (session, member, presale, result).
  const probe = await fetch(`${BASE}/api/presales/item/${rush.itemId}`, {
    headers: { cookie: cookies[0]!, origin: BASE },
  });
  await probe.arrayBuffer();
  const resultRoundTrips = probe.headers.get('x-db-round-trips') ?? 'n/a';

  // Results and payments, counted in the database: one result per application; the presale job (in whichever
  // instance holds its lease) pays each win once, none twice, none for a loss.
  const [written] = await rowsOf<{ results: number; applications: number; distinct_members: number }>(
    db,
    sql`select (select count(*) from presale_results where presale_id = ${rush.presale.id})::int as results,
               (select count(distinct member_id) from presale_results where presale_id = ${rush.presale.id})::int
                 as distinct_members,
               (select count(*) from presale_applications where presale_id = ${rush.presale.id})::int as applications`,
  );
  const payments = await paymentsOfWins(db, rush.presale.id);

  const accepted = applies.statuses['201'] ?? 0;
  const busy = values.busy;
  const rows: [string, string, string, boolean][] = [['the app', shape.label, '', true]];
  if (opening) rows.push(...openingRows(opening, busy));
  rows.push(
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
    [
      'opening: wall time, throughput',
      `${seconds(applies.wallMs)}, ${perSecond(applies)} applications/s`,
      busy ? '≤ 60 s' : '≤ 30 s',
      applies.wallMs <= (busy ? 60_000 : 30_000),
    ],
    [
      'opening: p50 / p99 / max',
      `${applies.p50} / ${applies.p99} / ${applies.max} ms`,
      busy ? 'p99 ≤ 1000 ms' : 'p99 ≤ 500 ms',
      applies.p99 <= (busy ? 1000 : 500),
    ],
  );
  if (draw) {
    rows.push(
      [`draw: freeze ${ENTRIES} entries`, seconds(draw.freezeMs), '', true],
      ['draw: draw and write results', seconds(draw.drawMs), '', true],
      [
        'draw: freeze + draw',
        seconds(draw.freezeMs + draw.drawMs),
        busy ? '≤ 10 s' : '≤ 5 s',
        draw.freezeMs + draw.drawMs <= (busy ? 10_000 : 5_000),
      ],
      [
        'draw: record verified (as the browser does)',
        `${draw.verified} in ${seconds(draw.verifyMs)}`,
        'true',
        draw.verified,
      ],
      ['draw: outcomes', draw.outcomes.map((o) => `${o.status} ${o.n}`).join(', '), '', true],
    );
  }
  rows.push(
    [
      'results: answers with the result (200)',
      `${results.statuses['200'] ?? 0} / ${results.sent}`,
      'all',
      (results.statuses['200'] ?? 0) === results.sent && results.wrong.length === 0,
    ],
    [
      'results: written (rows, distinct members) / applications',
      `${written?.results} (${written?.distinct_members}) / ${written?.applications}`,
      'one per application: 0 lost, 0 twice',
      written?.results === written?.applications && written?.distinct_members === written?.applications,
    ],
    ['results: announce (the job at the results time)', seconds(announceMs), '', true],
    ['results: DB round trips of one result read', resultRoundTrips, '', true],
    ['results: wall time, throughput', `${seconds(results.wallMs)}, ${perSecond(results)} reads/s`, '', true],
    [
      'results: p50 / p99 / max',
      `${results.p50} / ${results.p99} / ${results.max} ms`,
      busy ? 'p99 ≤ 500 ms' : 'p99 ≤ 200 ms',
      results.p99 <= (busy ? 500 : 200),
    ],
    [
      // The job settles wins one by one for minutes after a large presale: the bench waits a minute at most, so
      // the count may stop short of the wins; any win paid twice, or a loss paid at all, fails the run.
      'payments: wins paid by the job (open or paid vouchers) / wins',
      `${payments.payments} / ${payments.won} after ${seconds(payments.waitedMs)}; ` +
        `${payments.doubled} applications paid twice, ${payments.stray} for a loss`,
      'at most one per win (the rest still being issued), 0 for a loss',
      payments.doubled === 0 && payments.stray === 0,
    ],
  );
  console.log('\n| measure | value | target | met |\n| --- | --- | --- | --- |');
  for (const [measure, value, target, met] of rows)
    console.log(`| ${measure} | ${value} | ${target} | ${met ? 'yes' : 'NO'} |`);
  const waves = {
    'opening: the TICKET item': pages,
    opening: applies,
    'second applications': again,
    results,
  };
  for (const [name, w] of Object.entries(waves)) {
    if (w.wrong.length) console.log(`${name}: unexpected answers, e.g. ${w.wrong.join(' | ')}`);
    console.log(`${name}: statuses ${JSON.stringify(w.statuses)}, no answer ${w.errors}`);
    console.log(
      `${name}: slowest (sent at → took, ms): ${w.slowest.map((a) => `${a.sentAtMs} → ${a.ms}`).join(', ')}`,
    );
    const cpu = w.cpuPerRequest;
    console.log(
      `${name}: CPU per request: app ${cpu.app} ms, Auth emulator ${cpu.emulator} ms, ` +
        `nginx + PgBouncer ${cpu.edge} ms, PostgreSQL ${cpu.postgres} ms`,
    );
  }
  if (opening?.examples.length) console.log(`club opening: e.g. ${opening.examples.join(' | ')}`);
  const edgeLogs = await shape.logs();
  for (const line of edgeLogs) console.log(line);
  const hogUse = hog ? await hog.stop() : null;
  const loadAtEnd = os.loadavg()[0]!;
  console.log(
    `\nMachine: ${os.cpus().length} CPUs, shared; 1-minute load ${loadAtStart.toFixed(1)} at the start, ` +
      `${loadAtEnd.toFixed(1)} at the end. The app, its Auth emulator, PostgreSQL and the load generator share it.` +
      (hogUse
        ? ` Busy: the CPU hog used ${hogUse.cpuSeconds.toFixed(0)} CPU s in ${hogUse.wallSeconds.toFixed(0)} s.`
        : ''),
  );
  const file = await writePresaleResults({
    loadAverage: { start: loadAtStart, end: loadAtEnd },
    shape: shape.label,
    hog: hogUse,
    rows,
    waves,
    opening: opening && { ...opening, uids: undefined },
    payments,
    edgeLogs,
  });
  console.log(`Results: ${path.relative(process.cwd(), file)}`);
  return rows.every((row) => row[3]);
}

const perSecond = (w: Wave) => ((w.sent * 1000) / Math.max(w.wallMs, 1)).toFixed(0);

/** The club opening's rows: everyone joined, each step's latency, and each join stored once. */
function openingRows(opening: OpeningReport, busy: boolean) {
  const { checks } = opening;
  const rows: [string, string, string, boolean][] = [
    [
      `club opening: joined (member number shown) from ${opening.addresses} addresses`,
      `${opening.joined} / ${opening.members} in ${seconds(opening.wallMs)}; refused by the app ${opening.refused}, ` +
        `stopped by the provider ${opening.providerFailures}`,
      'all, 0 refused',
      opening.joined === opening.members && opening.refused === 0,
    ],
  ];
  for (const step of opening.steps) {
    rows.push([
      `club opening: ${step.step}, p50 / p99 / max`,
      `${step.ok} / ${step.sent} answered as expected; ${step.p50.toFixed(0)} / ${step.p99.toFixed(0)} / ${step.max.toFixed(0)} ms`,
      busy ? 'all' : 'all, p99 ≤ 1000 ms',
      step.ok === step.sent && (busy || step.p99 <= 1000),
    ]);
  }
  rows.push(
    [
      'club opening: members (numbered, distinct numbers) / sessions opened',
      `${checks.members} (${checks.numbered}, ${checks.distinct_numbers}) / ${opening.uids.length}`,
      'one each',
      checks.members === opening.uids.length && checks.distinct_numbers === checks.numbered,
    ],
    [
      'club opening: active subscriptions (members), paid invoices (members) / joined',
      `${checks.subscriptions} (${checks.subscribed_members}), ${checks.paid_invoices} (${checks.invoiced_members}) / ${opening.joined}`,
      'one each: 0 lost, 0 twice',
      checks.subscriptions === checks.subscribed_members &&
        checks.paid_invoices === checks.invoiced_members &&
        checks.subscribed_members >= opening.joined &&
        checks.invoiced_members >= opening.joined,
    ],
  );
  return rows;
}

/**
 * The presale's wins and the vouchers the job issued for them, waited for up to a minute (the job runs every 15 s
 * in whichever instance holds its lease, and settles wins one by one).
 */
async function paymentsOfWins(db: ReturnType<typeof connectPostgres>['db'], presaleId: string) {
  const started = Date.now();
  for (;;) {
    const [row] = await rowsOf<{ won: number; payments: number; doubled: number; stray: number }>(
      db,
      sql`with p as (
            select a.id, a.status, count(o.id) as n from presale_applications a
            left join one_off_payments o on o.presale_application_id = a.id
              and o.status in ('issuing', 'pending', 'paid')
            where a.presale_id = ${presaleId} group by a.id, a.status)
          select count(*) filter (where status = 'won')::int as won,
                 coalesce(sum(n) filter (where status = 'won'), 0)::int as payments,
                 count(*) filter (where n > 1)::int as doubled,
                 coalesce(sum(n) filter (where status <> 'won'), 0)::int as stray from p`,
    );
    const waitedMs = Date.now() - started;
    if ((row!.payments >= row!.won && waitedMs > 0) || waitedMs > 60_000) return { ...row!, waitedMs };
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** bench/results/presale-<instances>-<quiet|busy>-<ISO time>.json: the options, the machine, every row and wave. */
async function writePresaleResults(report: Record<string, unknown>): Promise<string> {
  const dir = path.resolve('bench/results');
  await mkdir(dir, { recursive: true });
  const shapeName = INSTANCES > 0 ? `${INSTANCES}x` : 'direct';
  const file = path.join(
    dir,
    `presale-${shapeName}-${values.busy ? 'busy' : 'quiet'}-${STARTED_AT.toISOString().replaceAll(':', '-')}.json`,
  );
  const cpus = os.cpus();
  const json = {
    date: STARTED_AT.toISOString(),
    elapsedSeconds: Math.round((Date.now() - STARTED_AT.getTime()) / 1000),
    command: `npm run bench:presale -- ${process.argv.slice(2).join(' ')}`.trim(),
    options: {
      members: MEMBERS,
      entries: ENTRIES,
      connections: CONNECTIONS,
      instances: INSTANCES,
      busy: values.busy,
      opening: OPENING,
    },
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      platform: `${os.platform()} ${os.release()}`,
    },
    node: process.version,
    commit: COMMIT,
    ...report,
  };
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
  return file;
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

/**
 * `npm run bench`: the load benchmark of issues 7 and 19. Starts the app as `npm start` does (production build) on a
 * fresh PostgreSQL database (dropped afterwards), seeds it at scale (2 sites x 10,000 items, 10,000 members), then
 * measures each target against its own ceiling: a bare node:http server answering that target's exact bytes and
 * headers (captured once, with the target's cookie). In each of `--rounds N` rounds (default 3) every target is
 * loaded with autocannon (50 connections, 2 s warm-up, 5 s measured), then its ceiling, so that a ratio compares
 * two runs made seconds apart; the order of the targets turns by one each round. Targets: three visitor pages, a
 * premium blog detail, a premium member's TICKET list, blog list and top page, the premium blog detail with a session
 * due for its identity re-check on every request, and the top page as a guest member. Every premium run is framed
 * by a check that the answer is the premium members' rendering (x-fc-audience, and an item's premium body). Then a
 * presale burst: 2,000 distinct premium members' sessions, 200 connections, 30 s on the TICKET list and a TICKET
 * item, with the app server's RSS sampled. Prints the tables and PASS/FAIL per rule, writes the same to
 * bench/results/, exits 1 if a rule fails. `--pglite`: the same on the embedded database (labelled so).
 *
 * Ports: BENCH_PORT (app, default 3400), BENCH_CEILING_PORT (default BENCH_PORT + 1), BENCH_AUTH_PORT (the Auth
 * emulator, default 9599; it also takes the next two ports).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectPostgres } from '@/server/db/client';
import { createFreshDatabase } from './lib/bench-db';
import { commandOf, listenerPid, startApp, waitForOk, type StartedApp } from './lib/bench-app';
import { seedAtScale } from './lib/bench-seed';
import {
  countCheckedSince,
  makeDue,
  markChecked,
  openPremiumMemberSessions,
  openSession,
  openSessions,
  seededItem,
} from './lib/bench-sessions';
import {
  CONNECTIONS,
  MEASURE_SECONDS,
  WARM_UP_SECONDS,
  measure,
  optionsFor,
  restingRss,
  startCeiling,
  type Target,
} from './lib/bench-load';
import { BURST, presaleBurst } from './lib/bench-burst';
import {
  burstRules,
  restRules,
  cpuText,
  mib,
  printBurst,
  printRounds,
  printRules,
  printTable,
  rulesFor,
  writeResults,
  type PremiumCheck,
  type TargetResult,
} from './lib/bench-report';
import { captureAnswer, checkPages, premiumProblem, waitForFreshPage } from './lib/bench-checks';
import type { CeilingEntry } from './lib/bench-ceiling-server';

function portFrom(name: string, fallback: number): number {
  // eslint-disable-next-line no-restricted-properties -- the benchmark's own setting, not the app's
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${name}=${value} is not a port`);
  return port;
}

function roundsFrom(argv: string[]): number {
  const at = argv.indexOf('--rounds');
  if (at === -1) return 3;
  const rounds = Number(argv[at + 1]);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`--rounds ${argv[at + 1]}: a whole number >= 1`);
  return rounds;
}

const PORT = portFrom('BENCH_PORT', 3400);
const CEILING_PORT = portFrom('BENCH_CEILING_PORT', PORT + 1);
const AUTH_PORT = portFrom('BENCH_AUTH_PORT', 9599);
const ROUNDS = roundsFrom(process.argv);
const DATA_DIR = '.data/bench';
const BASE = `http://localhost:${PORT}`;
const CEILING_BASE = `http://localhost:${CEILING_PORT}`;
/** In the title of every seeded item (lib/bench-seed.ts). */
const SEEDED_TITLE = '【BENCH】';
/**
 * The re-check target takes a fresh session for every request, all made due before its run: more than its warm-up
 * and measured run send (about 7 s at up to 4,000 req/s).
 */
const DUE_SESSIONS = 30_000;
/** What the app logs when a session's identity check fails (features/auth/server/resolve-viewer.ts). */
const RECHECK_FAILED = 'Session re-check failed';
const CONNECTIONS_NOTE = `${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up + ${MEASURE_SECONDS} s measured`;
const usePglite = process.argv.includes('--pglite');
// eslint-disable-next-line no-restricted-properties -- the benchmark's own setting, not the app's
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const step of cleanups.splice(0).reverse())
    await step().catch((error: unknown) => console.error(error));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().then(() => process.exit(130)));
}

/** Counts the app's failed identity checks; prints the first few (with what follows them), then only counts. */
function recheckFailures() {
  let count = 0;
  let hiding = false;
  return {
    count: () => count,
    filter: (line: string): boolean => {
      if (line.includes(RECHECK_FAILED)) {
        count += 1;
        hiding = count > 3;
        return !hiding;
      }
      // The error printed with the warning: indented lines, or its closing brace.
      if (hiding && /^(\s|}|\[)/.test(line)) return false;
      hiding = false;
      return true;
    },
  };
}

async function main(): Promise<boolean> {
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0]!;
  await rm(DATA_DIR, { recursive: true, force: true });
  const fresh = usePglite ? null : await createFreshDatabase(serverUrl);
  if (fresh) cleanups.push(fresh.drop);
  const database = fresh
    ? `PostgreSQL ${new URL(serverUrl).host}, fresh database ${fresh.name}`
    : `embedded PGlite (npm start without DATABASE_URL, in ${DATA_DIR})`;
  console.log(
    `Benchmark on ${database}; app on port ${PORT}, ceilings on ${CEILING_PORT}, emulator on ${AUTH_PORT}`,
  );

  // eslint-disable-next-line no-restricted-properties -- start.ts inherits this process's environment
  const env: NodeJS.ProcessEnv = { ...process.env };
  Object.assign(env, { PORT: String(PORT), DATA_DIR, AUTH_EMULATOR_PORT: String(AUTH_PORT) });
  Object.assign(env, { DB_QUERY_COUNT_HEADER: 'true', NEXT_TELEMETRY_DISABLED: '1' });
  if (fresh) env.DATABASE_URL = fresh.url;
  else delete env.DATABASE_URL;
  const failures = recheckFailures();
  const app: StartedApp = startApp(env, failures.filter);
  cleanups.push(app.stop);
  await waitForOk(`${BASE}/`, app, 20 * 60_000);
  const appPid = await listenerPid(app.child.pid!, PORT);
  const appCommand = await commandOf(appPid);
  console.log(`App server: pid ${appPid} (${appCommand})`);
  const emulatorPid = await listenerPid(app.child.pid!, AUTH_PORT).catch(() => null);
  if (emulatorPid) console.log(`Auth emulator: pid ${emulatorPid} (${await commandOf(emulatorPid)})`);
  const appCpu: Record<string, number> = emulatorPid
    ? { app: appPid, emulator: emulatorPid }
    : { app: appPid };

  const dbUrl =
    fresh?.url ?? (JSON.parse(await readFile(`${DATA_DIR}/embedded-db.json`, 'utf8')) as { url: string }).url;
  const handle = connectPostgres(dbUrl, { max: 1 });
  cleanups.push(handle.close);
  const db = handle.db;
  const seedStarted = Date.now();
  const sites = await seedAtScale(db);
  const mio = sites.find((site) => site.slug === 'mio');
  if (!mio) throw new Error('the demo site mio was not seeded');
  const news = await seededItem(db, mio, 'news', true);
  const premium = await seededItem(db, mio, 'blog', false);
  const ticket = await seededItem(db, mio, 'ticket', false);
  const premiumCookie = await openSession(db, mio.id, 'premium@mio.example.com');
  const guestCookie = await openSession(db, mio.id, 'guest@mio.example.com');
  // The demo's premium account is in the emulator: its checks succeed, as a real member's would.
  const dueCookies = await openSessions(db, mio.id, 'premium@mio.example.com', DUE_SESSIONS);
  await makeDue(db, dueCookies);
  console.log(`Seeded at scale in ${Date.now() - seedStarted} ms: ${JSON.stringify(sites)}`);

  let nextDue = 0;
  const html = { accept: 'text/html' };
  const premiumUrl = `${BASE}/blog/${premium.id}`;
  const recheckTarget: Target = {
    name: 'premium blog detail, check due',
    kind: 'premium',
    url: premiumUrl,
    headers: html,
    cookies: () => dueCookies[nextDue++ % dueCookies.length]!,
  };
  const targets: Target[] = [
    { name: 'guest top /', kind: 'guest', url: `${BASE}/`, headers: html },
    { name: 'guest list /news', kind: 'guest', url: `${BASE}/news`, headers: html },
    { name: 'guest news detail', kind: 'guest', url: `${BASE}/news/${news.id}`, headers: html },
    {
      name: 'premium blog detail',
      kind: 'premium',
      url: premiumUrl,
      headers: { ...html, cookie: premiumCookie },
    },
    ...(['/ticket', '/blog', '/'] as const).map((path): Target => ({
      name: `premium ${path === '/' ? 'top' : 'list'} ${path}`,
      kind: 'premium',
      audience: 'premium',
      url: `${BASE}${path}`,
      headers: { ...html, cookie: premiumCookie },
    })),
    recheckTarget,
    {
      name: 'guest member top /',
      kind: 'member',
      url: `${BASE}/`,
      headers: { ...html, cookie: guestCookie },
    },
  ];
  await waitForFreshPage(`${BASE}/`, SEEDED_TITLE);
  const roundTrips = await checkPages(targets, { premiumMarker: premium.marker, premiumUrl });

  // Each target's ceiling: its exact answer (body and headers), captured once with its own headers and cookie.
  const manifest: Record<string, CeilingEntry> = {};
  const ceilingUrls = new Map<Target, string>();
  const bytes = new Map<Target, number>();
  for (const [index, target] of targets.entries()) {
    const answer = await captureAnswer(target);
    if (answer.status !== 200)
      throw new Error(`${target.name}: ${answer.status} when captured for its ceiling`);
    const file = path.resolve(DATA_DIR, `ceiling-${index}.body`);
    await writeFile(file, answer.body);
    manifest[`/t/${index}`] = { file, headers: answer.headers };
    ceilingUrls.set(target, `${CEILING_BASE}/t/${index}`);
    bytes.set(target, answer.body.length);
    console.log(
      `  ceiling of ${target.name}: ${answer.body.length} bytes of ${answer.headers['content-type']}`,
    );
  }
  const rest = await restingRss(appPid);
  console.log(`At rest: RSS max ${mib(rest.maxRssBytes)} MiB over ${rest.samples} samples`);
  const manifestFile = path.resolve(DATA_DIR, 'ceilings.json');
  await writeFile(manifestFile, JSON.stringify(manifest));
  const ceiling = await startCeiling(manifestFile, CEILING_PORT);
  cleanups.push(async () => ceiling.kill('SIGTERM'));
  const ceilingPid = ceiling.pid!;
  console.log(`Ceilings: ${targets.length} answers from pid ${ceilingPid} (${await commandOf(ceilingPid)})`);

  const results = new Map<Target, TargetResult>(
    targets.map((target) => [
      target,
      {
        name: target.name,
        kind: target.kind,
        url: target.url,
        ceilingUrl: ceilingUrls.get(target)!,
        bytes: bytes.get(target)!,
        roundTrips: roundTrips.get(target) ?? null,
        rounds: [],
        premiumChecks: [],
        recheck: target === recheckTarget ? [] : null,
        measuredPid: appPid,
        measuredCommand: appCommand,
      },
    ]),
  );
  const premiumCheck = async (target: Target, round: number, when: PremiumCheck['when']) => {
    const problem = await premiumProblem(target, premium.marker);
    if (problem)
      console.log(`  ${target.name}, round ${round} ${when}: NOT the premium rendering: ${problem}`);
    results.get(target)!.premiumChecks.push({ round, when, problem });
  };

  for (let round = 1; round <= ROUNDS; round++) {
    // The order turns by one each round: no target always follows the same one.
    const shift = (round - 1) % targets.length;
    const order = [...targets.slice(shift), ...targets.slice(0, shift)];
    console.log(`\nRound ${round} of ${ROUNDS}`);
    for (const target of order) {
      const result = results.get(target)!;
      const cookie = target.headers.cookie;
      // A session a run is not about must not fall due in it (the bench outlasts the 4-minute check interval).
      if (cookie) await markChecked(db, [cookie]);
      if (target.kind === 'premium') await premiumCheck(target, round, 'before');
      const runStarted = new Date();
      const failedBefore = failures.count();
      if (target === recheckTarget) {
        await makeDue(db, dueCookies);
        nextDue = 0;
      }
      const measured = await measure(optionsFor(target), appPid, appCpu);
      if (result.recheck) {
        const sessionsUsed = nextDue;
        result.recheck.push({
          round,
          dueSessions: dueCookies.length,
          sessionsUsed,
          checkedByApp: await countCheckedSince(db, dueCookies.slice(0, sessionsUsed), runStarted),
          failedChecks: failures.count() - failedBefore,
        });
      }
      if (target.kind === 'premium') await premiumCheck(target, round, 'after');
      const ceilingRun = await measure(optionsFor(target, result.ceilingUrl), ceilingPid, {
        ceiling: ceilingPid,
      });
      const ratio = measured.requestsPerSecond / ceilingRun.requestsPerSecond;
      result.rounds.push({ round, target: measured, ceiling: ceilingRun, ratio });
      const recheck = result.recheck?.at(-1);
      console.log(
        `  ${target.name}: ${measured.requestsPerSecond.toFixed(0)} req/s, p99 ${measured.p99Ms} ms, ` +
          `errors ${measured.errors}, CPU s ${cpuText(measured)}; ` +
          `ceiling ${ceilingRun.requestsPerSecond.toFixed(0)} req/s, CPU s ${cpuText(ceilingRun)}; ` +
          `ratio ${(ratio * 100).toFixed(1)}%` +
          (recheck
            ? `; ${recheck.sessionsUsed} due sessions sent, ${recheck.checkedByApp} checked by the app, ` +
              `${recheck.failedChecks} checks failed`
            : ''),
      );
    }
  }

  // The presale burst: sessions opened just before it, so that none falls due for its check (their accounts are
  // the scale seed's, unknown to the identity provider).
  console.log(
    `\nPresale burst: ${BURST.sessions} premium sessions, ${BURST.connections} connections, ${BURST.seconds} s`,
  );
  const burstCookies = await openPremiumMemberSessions(db, mio, BURST.sessions);
  const ticketList: Target = {
    name: 'burst TICKET list',
    kind: 'premium',
    audience: 'premium',
    url: `${BASE}/ticket`,
    headers: { ...html, cookie: burstCookies[0]! },
  };
  const ticketItem: Target = {
    name: 'burst TICKET item',
    kind: 'premium',
    url: `${BASE}/ticket/${ticket.id}`,
    headers: { ...html, cookie: burstCookies.at(-1)! },
  };
  const burstChecks: { target: string; when: PremiumCheck['when']; problem: string | null }[] = [];
  const checkBurst = async (when: PremiumCheck['when']) => {
    for (const target of [ticketList, ticketItem]) {
      const problem = await premiumProblem(target, ticket.marker);
      if (problem) console.log(`  ${target.name} ${when}: NOT the premium rendering: ${problem}`);
      burstChecks.push({ target: target.name, when, problem });
    }
  };
  await checkBurst('before');
  const failedBeforeBurst = failures.count();
  const burst = await presaleBurst({
    base: BASE,
    listPath: '/ticket',
    itemPath: `/ticket/${ticket.id}`,
    itemMarker: ticket.marker,
    cookies: burstCookies,
    headers: html,
    appPid,
    appCommand,
    cpuOf: appCpu,
  });
  await checkBurst('after');
  const burstFailedChecks = failures.count() - failedBeforeBurst;

  const loadAtEnd = os.loadavg()[0]!;
  const notes = [
    `${ROUNDS} rounds; in each, every target is run (${CONNECTIONS_NOTE}) and then its own ceiling; the order of ` +
      'the targets turns by one each round. Ratio: the target req/s / its ceiling req/s in the same round; the table ' +
      'gives the median over the rounds and the min-max (spread), the median and worst p99.',
    'Ceiling: one bare node:http process answering each target its exact body and headers, captured once with the ' +
      "target's own headers and cookie; the ceiling runs send the same headers and cookies.",
    'No accept-encoding is sent to any target (the app and the ceilings both answer uncompressed).',
    'Premium runs: before and after each, one request proves the premium rendering (x-fc-audience: premium, and an ' +
      `item's premium body, marker ${premium.marker}). Member sessions not under test are marked checked before each ` +
      'run, so that none falls due for its identity check in it.',
    `Check due: ${DUE_SESSIONS} sessions of premium@mio.example.com (an account the Auth emulator has), all last ` +
      'checked 5 minutes or more before the run (the app checks every 4); each request takes the next one, so every request ' +
      'is its session\'s first since falling due. "checked by the app": sessions whose verified_at the app moved on.',
    `Presale burst: ${BURST.sessions} sessions of distinct premium members of the scale seed, each request the next ` +
      `one; every answer checked on arrival (x-fc-audience premium, the item's body marker ${ticket.marker}). ` +
      `RSS: max of /proc/<pid>/status VmRSS every 250 ms of the app server (pid ${appPid}: ${appCommand}). ` +
      `Failed identity checks logged during the burst: ${burstFailedChecks}.`,
    'DB round trips: the x-db-round-trips header of one request per target outside the load.',
    `CPU s: CPU seconds (user + system, /proc/<pid>/stat) used during the ${MEASURE_SECONDS} s measured run by the ` +
      `app server, the Auth emulator${emulatorPid ? ` (pid ${emulatorPid})` : ' (not found)'} and the ceiling; ` +
      `at most ${MEASURE_SECONDS * os.cpus().length} s on this machine, shared with the load generator, ` +
      "PostgreSQL and whatever else runs. In production the identity provider is not on the app's machine.",
    `Machine load (1-minute load average, ${os.cpus().length} CPUs, shared with whatever else runs): ` +
      `${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} after the burst.`,
  ];
  console.log(`\nResults (${database}; autocannon, ${CONNECTIONS_NOTE}, ${ROUNDS} rounds)`);
  for (const note of notes) console.log(`  ${note}`);
  console.log('');
  printTable([...results.values()]);
  console.log('\nPer round');
  printRounds([...results.values()]);
  console.log('');
  printBurst(burst);
  const rules = [...results.values()].flatMap(rulesFor);
  rules.push(...restRules(rest), ...burstRules(burst), {
    target: 'presale burst',
    rule:
      `premium rendering of the TICKET list and item before and after: ` +
      `${burstChecks.filter((check) => check.problem === null).length}/${burstChecks.length}` +
      burstChecks
        .filter((check) => check.problem !== null)
        .map((check) => ` (${check.target} ${check.when}: ${check.problem})`)
        .join(''),
    pass: burstChecks.every((check) => check.problem === null),
  });
  console.log('');
  printRules(rules);
  const pass = rules.every((rule) => rule.pass);
  const elapsedSeconds = Math.round((Date.now() - startedAt.getTime()) / 1000);
  console.log(`\nOverall: ${pass ? 'PASS' : 'FAIL'} (the whole benchmark took ${elapsedSeconds} s)`);
  const file = await writeResults({
    startedAt,
    elapsedSeconds,
    loadAverage: { start: loadAtStart, end: loadAtEnd },
    variant: usePglite ? 'pglite' : null,
    database,
    rounds: ROUNDS,
    notes,
    seed: sites,
    results: [...results.values()],
    rest,
    burst: { ...burst, checks: burstChecks, failedChecks: burstFailedChecks },
    rules,
  });
  console.log(`Written to ${path.relative(process.cwd(), file)}`);
  return pass;
}

main()
  .then(async (pass) => {
    await cleanUp();
    process.exit(pass ? 0 : 1);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });

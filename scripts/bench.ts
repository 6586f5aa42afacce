/**
 * `npm run bench`: the load benchmark of issue 7. Starts the app as `npm start` does (production build) on a fresh
 * PostgreSQL database (dropped afterwards), seeds it at scale (2 sites x 10,000 items, 10,000 members), then loads
 * each target with autocannon (50 connections, 3 s warm-up, 10 s measured): a bare node:http ceiling serving the
 * guest top page's exact bytes, three guest pages, a premium blog detail as a premium member (its premium body is
 * checked first), a premium member's TICKET list, blog list and top page (the premium members' shared rendering,
 * proven by its x-fc-audience) and the top page as a guest member. Prints the table and PASS/FAIL per rule, writes the same to
 * bench/results/, exits 1 if a rule fails. `--pglite`: the same on the embedded database (labelled so).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { connectPostgres } from '@/server/db/client';
import { createFreshDatabase } from './lib/bench-db';
import { commandOf, listenerPid, startApp, waitForOk, type StartedApp } from './lib/bench-app';
import { seedAtScale } from './lib/bench-seed';
import { openSession, seededItem } from './lib/bench-sessions';
import { measure, startCeiling, type Target } from './lib/bench-load';
import { printRules, printTable, rulesFor, writeResults, type TargetResult } from './lib/bench-report';
import { checkPages, fetchPage, waitForFreshPage } from './lib/bench-checks';

const PORT = 3400;
const CEILING_PORT = 3401;
const DATA_DIR = '.data/bench';
const BASE = `http://localhost:${PORT}`;
/** In the title of every seeded item (lib/bench-seed.ts). */
const SEEDED_TITLE = '【BENCH】';
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

async function main(): Promise<boolean> {
  const startedAt = new Date();
  await rm(DATA_DIR, { recursive: true, force: true });
  const fresh = usePglite ? null : await createFreshDatabase(serverUrl);
  if (fresh) cleanups.push(fresh.drop);
  const database = fresh
    ? `PostgreSQL ${new URL(serverUrl).host}, fresh database ${fresh.name}`
    : `embedded PGlite (npm start without DATABASE_URL, in ${DATA_DIR})`;
  console.log(`Benchmark on ${database}`);

  // eslint-disable-next-line no-restricted-properties -- start.ts inherits this process's environment
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR, AUTH_EMULATOR_PORT: '9599' };
  Object.assign(env, { DB_QUERY_COUNT_HEADER: 'true', NEXT_TELEMETRY_DISABLED: '1' });
  if (fresh) env.DATABASE_URL = fresh.url;
  else delete env.DATABASE_URL;
  const app: StartedApp = startApp(env);
  cleanups.push(app.stop);
  await waitForOk(`${BASE}/`, app, 20 * 60_000);
  const appPid = await listenerPid(app.child.pid!, PORT);
  const appCommand = await commandOf(appPid);
  console.log(`App server: pid ${appPid} (${appCommand})`);

  const dbUrl =
    fresh?.url ?? (JSON.parse(await readFile(`${DATA_DIR}/embedded-db.json`, 'utf8')) as { url: string }).url;
  const handle = connectPostgres(dbUrl, { max: 1 });
  const seedStarted = Date.now();
  const sites = await seedAtScale(handle.db);
  const mio = sites.find((site) => site.slug === 'mio');
  if (!mio) throw new Error('the demo site mio was not seeded');
  const news = await seededItem(handle.db, mio, 'news', true);
  const premium = await seededItem(handle.db, mio, 'blog', false);
  const premiumCookie = await openSession(handle.db, mio.id, 'premium@mio.example.com');
  const guestCookie = await openSession(handle.db, mio.id, 'guest@mio.example.com');
  await handle.close();
  console.log(`Seeded at scale in ${Date.now() - seedStarted} ms: ${JSON.stringify(sites)}`);

  const html = { accept: 'text/html' };
  const targets: Target[] = [
    {
      name: 'ceiling (node:http, top bytes)',
      kind: 'ceiling',
      url: `http://localhost:${CEILING_PORT}/`,
      headers: html,
    },
    { name: 'guest top /', kind: 'guest', url: `${BASE}/`, headers: html },
    { name: 'guest list /news', kind: 'guest', url: `${BASE}/news`, headers: html },
    { name: `guest news detail`, kind: 'guest', url: `${BASE}/news/${news.id}`, headers: html },
    {
      name: 'premium blog detail',
      kind: 'premium',
      url: `${BASE}/blog/${premium.id}`,
      headers: { ...html, cookie: premiumCookie },
    },
    ...(['/ticket', '/blog', '/'] as const).map((path): Target => ({
      name: `premium ${path === '/' ? 'top' : 'list'} ${path}`,
      kind: 'premium',
      audience: 'premium',
      url: `${BASE}${path}`,
      headers: { ...html, cookie: premiumCookie },
    })),
    {
      name: 'guest member top /',
      kind: 'member',
      url: `${BASE}/`,
      headers: { ...html, cookie: guestCookie },
    },
  ];
  await waitForFreshPage(`${BASE}/`, SEEDED_TITLE);
  const top = await fetchPage(`${BASE}/`, html);
  const roundTrips = await checkPages(targets.slice(1), {
    premiumMarker: premium.marker,
    premiumUrl: `${BASE}/blog/${premium.id}`,
  });

  const ceilingFile = path.resolve(DATA_DIR, 'ceiling-top.html');
  await writeFile(ceilingFile, top.bytes);
  const ceiling = await startCeiling(ceilingFile, top.contentType, CEILING_PORT);
  cleanups.push(async () => ceiling.kill('SIGTERM'));
  console.log(`Ceiling: ${top.bytes.length} bytes of ${top.contentType} from pid ${ceiling.pid}`);

  const results: TargetResult[] = [];
  for (const target of targets) {
    const pid = target.kind === 'ceiling' ? ceiling.pid! : appPid;
    console.log(`Loading ${target.name} (${target.url})...`);
    const measured = await measure(target, pid);
    const ceilingRate = results[0]?.requestsPerSecond ?? measured.requestsPerSecond;
    results.push({
      ...measured,
      name: target.name,
      kind: target.kind,
      url: target.url,
      share: measured.requestsPerSecond / ceilingRate,
      roundTrips: roundTrips.get(target) ?? null,
      measuredPid: pid,
      measuredCommand: pid === appPid ? appCommand : await commandOf(pid),
    });
  }

  const notes = [
    'No accept-encoding is sent to any target (the app and the ceiling both answer uncompressed).',
    `RSS: max of /proc/<pid>/status VmRSS every 250 ms during the measured run; app server pid ${appPid}: ${appCommand}.`,
    'DB round trips: the x-db-round-trips header of one request per target outside the load.',
  ];
  console.log(`\nResults (${database}; autocannon, 50 connections, 3 s warm-up + 10 s measured)`);
  for (const note of notes) console.log(`  ${note}`);
  printTable(results);
  const rules = results.flatMap(rulesFor);
  console.log('');
  printRules(rules);
  const pass = rules.every((rule) => rule.pass);
  console.log(`\nOverall: ${pass ? 'PASS' : 'FAIL'}`);
  const file = await writeResults({
    startedAt,
    variant: usePglite ? 'pglite' : null,
    database,
    notes,
    seed: sites,
    results,
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

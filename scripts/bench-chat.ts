/**
 * `npm run bench:chat` (issue 42, part 5, decision 0051): the live chat's fan-out on one app instance on PostgreSQL,
 * started as `npm start` starts it (built when needed), in a fresh database of its own that it drops afterwards.
 *  1. `--viewers` premium members (2,000) open the live item's chat stream (Server-Sent Events) and hold it.
 *  2. `--senders` of them (50) post `--messages` messages (300) at `--rate` a second (10) through the real endpoint
 *     (session, same-origin check, the per-account rate limit, NG words, the room's lock, NOTIFY).
 *  3. Every viewer must receive every message once, in order: lost and doubled are counted per viewer; the delivery
 *     time of each (posted → received by each viewer) gives p50 / p99 / max.
 *  App memory per viewer: the app's RSS with every stream open minus at rest, over the viewers; CPU per viewer: the
 *  app's CPU time while the messages flow, per viewer and second. Kept separate from bench:live (the stream's own
 *  bench) so that it can call this one with `--chat`.
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:chat [-- --viewers 2000]
 * Writes bench/results/chat-<ISO time>.json. Ports: BENCH_PORT (app, default 3740), BENCH_AUTH_PORT (9750), the mail
 * catcher on BENCH_PORT + 30.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { connectPostgres } from '@/server/db/client';
import { contentItems } from '@/server/db/schema';
import { createFreshDatabase } from './lib/bench-db';
import { cpuSeconds, rssBytes } from './lib/bench-app';
import { startShape } from './lib/bench-shape';
import { gitCommit } from './lib/bench-report';
import { openPremiumMemberSessions } from './lib/bench-sessions';
import { rowsOf } from './lib/bench-seed';
import { importEmulatorAccounts, seedEligibleMembers } from './lib/bench-presale-seed';

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '2000' },
    senders: { type: 'string', default: '50' },
    messages: { type: 'string', default: '300' },
    rate: { type: 'string', default: '10' },
    threads: { type: 'string', default: '4' },
  },
});
const VIEWERS = Number(values.viewers);
const SENDERS = Math.min(Number(values.senders), VIEWERS);
const MESSAGES = Number(values.messages);
const RATE = Number(values.rate);
const THREADS = Number(values.threads);
/* eslint-disable no-restricted-properties -- the benchmark's own settings, not the app's */
const { BENCH_PORT, BENCH_AUTH_PORT, BENCH_DB_PREFIX, DATABASE_URL } = process.env;
/* eslint-enable no-restricted-properties */
const PORT = Number(BENCH_PORT ?? 3740);
const AUTH_PORT = Number(BENCH_AUTH_PORT ?? 9750);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = '.data/bench-chat';
const STARTED_AT = new Date();
const COMMIT = gitCommit();
const PROJECT_ID = 'demo-fanclub';
const MIB = 1024 * 1024;

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const step of cleanups.splice(0).reverse())
    await step().catch((error: unknown) => console.error(error));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().then(() => process.exit(130)));
}

/** What each worker thread of viewers reports at the end (lib/bench-chat-viewers.mjs). */
interface ViewersDone {
  seqs: number[][];
  delays: number[];
}

/** `cookies` viewers spread over `threads` worker threads; resolves once every stream has its state. */
async function openViewers(itemId: string, cookies: string[], threads: number) {
  const share = Math.ceil(cookies.length / threads);
  const workers = await Promise.all(
    Array.from({ length: threads }, (_, i) => {
      const worker = new Worker(path.resolve('scripts/lib/bench-chat-viewers.mjs'), {
        workerData: { base: BASE, itemId, cookies: cookies.slice(i * share, (i + 1) * share) },
        execArgv: [],
      });
      return new Promise<{ worker: Worker; open: number }>((resolve, reject) => {
        worker.once('message', (message: { open: number }) => resolve({ worker, open: message.open }));
        worker.once('error', reject);
      });
    }),
  );
  return {
    open: workers.reduce((sum, entry) => sum + entry.open, 0),
    finish: () =>
      Promise.all(
        workers.map(
          ({ worker }) =>
            new Promise<ViewersDone>((resolve) => {
              worker.once('message', (message: ViewersDone) => {
                resolve(message);
                void worker.terminate();
              });
              worker.postMessage('finish');
            }),
        ),
      ),
  };
}

async function post(itemId: string, cookie: string, body: string): Promise<number> {
  const response = await fetch(`${BASE}/api/chat/${itemId}/messages`, {
    method: 'POST',
    headers: { cookie, origin: BASE, 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await response.json().catch(() => null)) as { seq?: number } | null;
  if (response.status !== 201 || !json?.seq) throw new Error(`post answered ${response.status}`);
  return json.seq;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<boolean> {
  const loadAtStart = os.loadavg()[0]!;
  const serverUrl = DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  await rm(DATA_DIR, { recursive: true, force: true });
  const fresh = await createFreshDatabase(serverUrl, BENCH_DB_PREFIX);
  cleanups.push(fresh.drop);
  console.log(`bench:chat on PostgreSQL ${new URL(serverUrl).host}, fresh database ${fresh.name}`);
  // eslint-disable-next-line no-restricted-properties -- start.ts inherits this process's environment
  const env: NodeJS.ProcessEnv = { ...process.env };
  Object.assign(env, {
    DATA_DIR,
    AUTH_EMULATOR_PORT: String(AUTH_PORT),
    MAIL_CATCHER_PORT: String(PORT + 30),
    NEXT_TELEMETRY_DISABLED: '1',
  });
  const shape = await startShape({
    instances: 0,
    databaseUrl: fresh.url,
    databaseName: fresh.name,
    port: PORT,
    authPort: AUTH_PORT,
    edgePort: 0,
    poolerPort: 0,
    dataDir: DATA_DIR,
    env,
    filter: (line) => !line.includes('GET /') && !line.includes('POST /'),
    cleanups,
  });
  const appPid = shape.appPids[0]!;
  const handle = connectPostgres(fresh.url, { max: 4 });
  cleanups.push(handle.close);
  const db = handle.db;
  const [mio] = await rowsOf<{ id: string; slug: string; tenant: string }>(
    db,
    sql`select id, slug, config->>'TENANT_ID' as tenant from sites where slug = 'mio'`,
  );
  if (!mio) throw new Error('the demo site mio was not seeded');

  console.log(`Seeding ${VIEWERS} premium members, their accounts and sessions, and a live item…`);
  const accounts = await seedEligibleMembers(db, mio.id, 'chat-', VIEWERS);
  await importEmulatorAccounts(`127.0.0.1:${AUTH_PORT}`, PROJECT_ID, mio.tenant, accounts);
  const cookies = await openPremiumMemberSessions(db, mio, VIEWERS, 'chat-');
  const [item] = await db
    .insert(contentItems)
    .values({ siteId: mio.id, section: 'movie', title: '【BENCH】生配信', state: 'published', isLive: true })
    .returning({ id: contentItems.id });
  const itemId = item!.id;

  // At rest: the app warmed by one stream opened and closed, then a few seconds of quiet.
  await (await openViewers(itemId, cookies.slice(0, 1), 1)).finish();
  await sleep(5_000);
  const rssAtRest = (await rssBytes(appPid)) ?? 0;

  console.log(`Opening ${VIEWERS} chat streams from ${THREADS} threads (50 at a time each)…`);
  const opening = Date.now();
  const viewers = await openViewers(itemId, cookies, THREADS);
  const openMs = Date.now() - opening;
  await sleep(3_000);
  const rssOpen = (await rssBytes(appPid)) ?? 0;

  console.log(`${SENDERS} senders post ${MESSAGES} messages at ${RATE} a second…`);
  const cpuBefore = (await cpuSeconds(appPid)) ?? 0;
  const flowStart = Date.now();
  const posts: Promise<number>[] = [];
  let refused = 0;
  for (let i = 0; i < MESSAGES; i += 1) {
    const due = flowStart + (i * 1000) / RATE;
    await sleep(Math.max(0, due - Date.now()));
    posts.push(
      post(itemId, cookies[i % SENDERS]!, `bench ${i} ${Date.now()}`).catch((error: unknown) => {
        refused += 1;
        console.error(String(error));
        return 0;
      }),
    );
  }
  const seqs = (await Promise.all(posts)).filter((seq) => seq > 0);
  // The last deliveries: a few seconds for the streams to drain (a p99 over 1 s shows in the delays anyway).
  await sleep(5_000);
  const flowMs = Date.now() - flowStart;
  const cpuSpent = ((await cpuSeconds(appPid)) ?? 0) - cpuBefore;
  const rssAfter = (await rssBytes(appPid)) ?? 0;
  const done = await viewers.finish();
  const received = done.flatMap((part) => part.seqs);
  const delays = done.flatMap((part) => part.delays);

  // Every message the database holds is owed to every viewer, acknowledged to its sender in time or not.
  const committed = await rowsOf<{ seq: number }>(
    db,
    sql`select seq::int as seq from chat_messages where item_id = ${itemId} and body like 'bench %'`,
  );
  const expected = new Set(committed.map((row) => row.seq));
  let lost = 0;
  let doubled = 0;
  let outOfOrder = 0;
  for (const seqsOfViewer of received) {
    const seen = new Set<number>();
    seqsOfViewer.forEach((seq, index) => {
      if (seen.has(seq)) doubled += 1;
      seen.add(seq);
      if (index > 0 && seq <= seqsOfViewer[index - 1]!) outOfOrder += 1;
    });
    for (const seq of expected) if (!seen.has(seq)) lost += 1;
  }
  const sorted = [...delays].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  const max = sorted.at(-1) ?? NaN;
  const memoryPerViewer = (rssOpen - rssAtRest) / VIEWERS;
  const cpuPerViewerSecond = (cpuSpent * 1000) / VIEWERS / (flowMs / 1000);
  const rows: [string, string, string, boolean][] = [
    [
      'streams open (state received)',
      `${viewers.open} / ${VIEWERS} in ${(openMs / 1000).toFixed(1)} s`,
      'all',
      viewers.open === VIEWERS,
    ],
    [
      'messages accepted / posted',
      `${seqs.length} acknowledged, ${expected.size} stored / ${MESSAGES}`,
      'all',
      refused === 0,
    ],
    [
      'deliveries (viewers × messages)',
      `${delays.length} / ${VIEWERS * expected.size}`,
      'all',
      delays.length === VIEWERS * expected.size,
    ],
    [
      'lost / doubled / out of order',
      `${lost} / ${doubled} / ${outOfOrder}`,
      '0 / 0 / 0',
      lost === 0 && doubled === 0 && outOfOrder === 0,
    ],
    ['delivery p50 / p99 / max', `${p50} / ${p99} / ${max} ms`, 'p99 < 1000 ms', p99 < 1000],
    [
      'app RSS at rest / streams open / after the flow',
      `${(rssAtRest / MIB).toFixed(0)} / ${(rssOpen / MIB).toFixed(0)} / ${(rssAfter / MIB).toFixed(0)} MiB`,
      '',
      true,
    ],
    ['app memory per viewer', `${(memoryPerViewer / 1024).toFixed(1)} KiB`, '', true],
    [
      'app CPU during the flow',
      `${cpuSpent.toFixed(1)} CPU s in ${(flowMs / 1000).toFixed(1)} s; ${cpuPerViewerSecond.toFixed(3)} ms per viewer per second; ${((cpuSpent * 1e6) / Math.max(1, delays.length)).toFixed(1)} µs per delivery`,
      '',
      true,
    ],
  ];
  console.log('\n| measure | value | target | met |\n| --- | --- | --- | --- |');
  for (const [measure, value, target, met] of rows)
    console.log(`| ${measure} | ${value} | ${target} | ${met ? 'yes' : 'NO'} |`);
  const loadAtEnd = os.loadavg()[0]!;
  console.log(
    `\nMachine: ${os.cpus().length} CPUs, shared; 1-minute load ${loadAtStart.toFixed(1)} at the start, ` +
      `${loadAtEnd.toFixed(1)} at the end. The app, PostgreSQL and the ${VIEWERS} viewers share it.`,
  );
  const dir = path.resolve('bench/results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `chat-${STARTED_AT.toISOString().replaceAll(':', '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify(
      {
        date: STARTED_AT.toISOString(),
        command: `npm run bench:chat -- ${process.argv.slice(2).join(' ')}`.trim(),
        options: { viewers: VIEWERS, senders: SENDERS, messages: MESSAGES, rate: RATE, threads: THREADS },
        machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown' },
        node: process.version,
        commit: COMMIT,
        loadAverage: { start: loadAtStart, end: loadAtEnd },
        rows,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Results: ${path.relative(process.cwd(), file)}`);
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

/**
 * `npm run bench:live` (issue 42): a live stream measured through the real media server, on PostgreSQL, with the
 * production app that `npm start` runs (built when needed) in a fresh database of its own, dropped afterwards.
 * ffmpeg publishes its test source to nginx-rtmp (deploy/live-nginx.conf) with the key of the demo's scheduled
 * stream; the app's on_publish turns it LIVE. Then, for `--seconds` (30):
 *   --hls (the default): `--viewers` (500) HLS viewers, each on its own connection with its own address the app
 *     signed for it (GET /api/live/{itemId} with a premium member's session, as the player does), fetch the live
 *     playlist and its newest segments from nginx as fast as nginx answers: the app is not in that path. Beside
 *     them, the players' own traffic to the app: each viewer asks /api/live/{itemId} every 10 s (the player's poll
 *     while live). Reported: nginx's throughput, latency (p50/p99), errors, and what the viewers need of it (the
 *     stream's bitrate times the viewers); the app's CPU and memory, in all and per viewer.
 *   --chat: the live chat's part (the chat feature adds it to SECTIONS: its function gets the same BenchContext).
 * Writes bench/results/live-<ISO time>.json.
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:live [-- --viewers 500 --seconds 30]
 * Ports: BENCH_PORT (app, default 3760), BENCH_AUTH_PORT (Auth emulator, 9760), the mail catcher on BENCH_PORT + 30,
 * the media server's HLS on BENCH_PORT + 40 and RTMP on BENCH_PORT + 41.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { and, eq } from 'drizzle-orm';
import { connectPostgres } from '@/server/db/client';
import type { Db } from '@/server/db/client';
import { liveStreams, sites } from '@/server/db/schema';
import { hashStreamSecret, newStreamSecret, streamKeyText } from '@/features/live/server';
import { createFreshDatabase } from './lib/bench-db';
import { cpuSeconds, descendantsOf, listenerPid, rssBytes, startApp, waitForOk } from './lib/bench-app';
import { gitCommit } from './lib/bench-report';
import { openSessions } from './lib/bench-sessions';
import { publishTestStream } from './lib/media-server';

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '30' },
    hls: { type: 'boolean', default: false },
    chat: { type: 'boolean', default: false },
  },
});
const VIEWERS = Number(values.viewers);
const SECONDS = Number(values.seconds);
/* eslint-disable no-restricted-properties -- the benchmark's own settings, not the app's */
const { BENCH_PORT, BENCH_AUTH_PORT, BENCH_DB_PREFIX, DATABASE_URL } = process.env;
/* eslint-enable no-restricted-properties */
const PORT = Number(BENCH_PORT ?? 3760);
const AUTH_PORT = Number(BENCH_AUTH_PORT ?? 9760);
const HLS_PORT = PORT + 40;
const RTMP_PORT = PORT + 41;
const DATA_DIR = path.resolve('.data/bench-live');
const MIO_HOST = `localhost:${PORT}`;
const PREMIUM_EMAIL = 'premium@mio.example.com';
/** The player asks the app for the stream's state this often while it is live (components/live-player.tsx). */
const PLAYER_POLL_SECONDS = 10;

/** What every section of the bench gets: the running app, its media server and a live stream with its viewers. */
export interface BenchContext {
  appBase: string;
  host: string;
  db: Db;
  siteId: string;
  itemId: string;
  streamId: string;
  /** Cookie header values of premium members' sessions on the site, one per viewer. */
  cookies: string[];
  appPid: number;
  seconds: number;
  viewers: number;
}

type SectionResult = Record<string, unknown>;

/** The sections `--hls` and `--chat` run; the chat feature adds `chat` here. */
const SECTIONS: Record<string, (context: BenchContext) => Promise<SectionResult>> = {
  hls: runHls,
};

const cleanups: (() => Promise<void>)[] = [];

async function until<T>(what: string, probe: () => Promise<T | null | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** CPU seconds of a process and all its descendants (nginx's master and workers). */
async function treeCpuSeconds(pid: number): Promise<number> {
  let total = 0;
  for (const each of [pid, ...(await descendantsOf(pid))]) total += (await cpuSeconds(each)) ?? 0;
  return total;
}

/** Samples the app's resident memory every second until stopped; answers the peak. */
function watchMemory(pid: number): { stop(): Promise<number> } {
  let peak = 0;
  const timer = setInterval(() => {
    void rssBytes(pid).then((bytes) => {
      peak = Math.max(peak, bytes ?? 0);
    });
  }, 1000);
  return {
    async stop() {
      clearInterval(timer);
      return Math.max(peak, (await rssBytes(pid)) ?? 0);
    },
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const MiB = 1024 * 1024;

async function runHls(context: BenchContext): Promise<SectionResult> {
  // Each viewer's own address, from the app, as the player gets it.
  const urls: string[] = [];
  for (let start = 0; start < context.cookies.length; start += 25) {
    const batch = context.cookies.slice(start, start + 25).map(async (cookie) => {
      const answer = await fetch(`${context.appBase}/api/live/${context.itemId}`, {
        headers: { Host: context.host, Cookie: cookie },
      });
      const body = (await answer.json()) as { url?: string };
      if (!answer.ok || !body.url) throw new Error(`a viewer got no address: ${answer.status}`);
      return body.url;
    });
    urls.push(...(await Promise.all(batch)));
  }
  const paths = urls.map((url) => new URL(url).pathname);
  const mediaBase = new URL(urls[0]!).origin;

  // The newest segments, as the live playlist names them (read from nginx's live window on disk every 500 ms).
  const playlistFile = path.join(DATA_DIR, 'live/live', context.streamId, 'index.m3u8');
  let newest: string[] = [];
  let segmentSeconds = 2;
  const readNewest = async () => {
    const text = await readFile(playlistFile, 'utf8').catch(() => '');
    const names = [...text.matchAll(/^(\d+\.ts)$/gm)].map((match) => match[1]!);
    if (names.length > 0) newest = names.slice(-3);
    const durations = [...text.matchAll(/^#EXTINF:([\d.]+)/gm)].map((match) => Number(match[1]));
    if (durations.length > 0) segmentSeconds = durations.reduce((a, b) => a + b, 0) / durations.length;
  };
  await readNewest();
  const refresher = setInterval(() => void readNewest(), 500);
  const segmentBytes: number[] = [];
  for (const name of newest) {
    const answer = await fetch(`${mediaBase}${paths[0]!.replace('index.m3u8', name)}`);
    segmentBytes.push((await answer.arrayBuffer()).byteLength);
  }
  const bitsPerSecond =
    (segmentBytes.reduce((a, b) => a + b, 0) * 8) / (segmentBytes.length * segmentSeconds);

  const nginxPid = await listenerPid(process.pid, HLS_PORT).catch(() => null);
  const appCpuBefore = (await cpuSeconds(context.appPid)) ?? 0;
  const nginxCpuBefore = nginxPid ? await treeCpuSeconds(nginxPid) : 0;
  const rssBefore = (await rssBytes(context.appPid)) ?? 0;
  const memory = watchMemory(context.appPid);
  const started = Date.now();

  // The viewers: playlist, then a newest segment, on each of their connections, as fast as nginx answers.
  const hls = autocannon({
    url: mediaBase,
    connections: context.viewers,
    duration: context.seconds,
    requests: [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: pick(paths) }) },
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: pick(paths).replace('index.m3u8', pick(newest)) }),
      },
    ],
  });
  // The players' polls of the app meanwhile: each viewer once every PLAYER_POLL_SECONDS.
  const polls = autocannon({
    url: context.appBase,
    connections: Math.min(100, context.viewers),
    // autocannon's types leave out overallRate, which it supports (the whole run's requests per second).
    ...({ overallRate: Math.ceil(context.viewers / PLAYER_POLL_SECONDS) } as object),
    duration: context.seconds,
    requests: [
      {
        method: 'GET',
        path: `/api/live/${context.itemId}`,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, host: context.host, cookie: pick(context.cookies) },
        }),
      },
    ],
  });
  const [hlsResult, pollResult] = await Promise.all([hls, polls]);
  const elapsed = (Date.now() - started) / 1000;
  clearInterval(refresher);
  const appCpu = ((await cpuSeconds(context.appPid)) ?? 0) - appCpuBefore;
  const nginxCpu = nginxPid ? (await treeCpuSeconds(nginxPid)) - nginxCpuBefore : null;
  const rssPeak = await memory.stop();

  const neededRequestsPerSecond = (context.viewers * 2) / segmentSeconds;
  const result = {
    viewers: context.viewers,
    seconds: elapsed,
    stream: { segmentSeconds, bitsPerSecond: Math.round(bitsPerSecond) },
    nginx: {
      requestsPerSecond: Math.round(hlsResult.requests.average),
      megabytesPerSecond: Number((hlsResult.throughput.average / MiB).toFixed(1)),
      latencyMs: { p50: hlsResult.latency.p50, p99: hlsResult.latency.p99, max: hlsResult.latency.max },
      errors: hlsResult.errors,
      timeouts: hlsResult.timeouts,
      non2xx: hlsResult.non2xx,
      cpuSeconds: nginxCpu,
      needed: {
        requestsPerSecond: Math.round(neededRequestsPerSecond),
        megabytesPerSecond: Number(((context.viewers * bitsPerSecond) / 8 / MiB).toFixed(1)),
      },
    },
    app: {
      polls: {
        requestsPerSecond: Number(pollResult.requests.average.toFixed(1)),
        latencyMs: { p50: pollResult.latency.p50, p99: pollResult.latency.p99 },
        errors: pollResult.errors,
        non2xx: pollResult.non2xx,
      },
      cpuPercent: Number(((appCpu / elapsed) * 100).toFixed(1)),
      cpuMillisecondsPerViewerPerMinute: Number(
        (((appCpu * 1000) / context.viewers / elapsed) * 60).toFixed(2),
      ),
      rssAtRestMiB: Math.round(rssBefore / MiB),
      rssPeakMiB: Math.round(rssPeak / MiB),
      rssPerViewerKiB: Number((Math.max(0, rssPeak - rssBefore) / 1024 / context.viewers).toFixed(1)),
    },
  };
  console.log(`
HLS: ${context.viewers} viewers for ${elapsed.toFixed(0)} s, stream ${(bitsPerSecond / 1e6).toFixed(2)} Mbit/s in ${segmentSeconds.toFixed(1)} s segments
  nginx      ${result.nginx.requestsPerSecond} req/s, ${result.nginx.megabytesPerSecond} MiB/s, p50 ${result.nginx.latencyMs.p50} ms, p99 ${result.nginx.latencyMs.p99} ms, errors ${hlsResult.errors}, timeouts ${hlsResult.timeouts}, non-2xx ${hlsResult.non2xx}; CPU ${nginxCpu?.toFixed(1) ?? 'n/a'} s
  needed     ${result.nginx.needed.requestsPerSecond} req/s and ${result.nginx.needed.megabytesPerSecond} MiB/s for the viewers to keep up (${(result.nginx.requestsPerSecond / neededRequestsPerSecond).toFixed(1)}x headroom in requests)
  app polls  ${result.app.polls.requestsPerSecond} req/s, p50 ${result.app.polls.latencyMs.p50} ms, p99 ${result.app.polls.latencyMs.p99} ms, errors ${pollResult.errors}, non-2xx ${pollResult.non2xx}
  app        CPU ${result.app.cpuPercent}% of a core (${result.app.cpuMillisecondsPerViewerPerMinute} ms per viewer per minute), RSS ${result.app.rssAtRestMiB} MiB at rest, ${result.app.rssPeakMiB} MiB peak (${result.app.rssPerViewerKiB} KiB per viewer)`);
  return result;
}

async function main(): Promise<void> {
  const wanted = [...(values.hls || !values.chat ? ['hls'] : []), ...(values.chat ? ['chat'] : [])];
  for (const name of wanted) {
    if (!SECTIONS[name]) throw new Error(`--${name}: this section is not part of bench:live yet`);
  }
  const loadAtStart = os.loadavg()[0]!;
  const serverUrl = DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  await rm(DATA_DIR, { recursive: true, force: true });
  const fresh = await createFreshDatabase(serverUrl, BENCH_DB_PREFIX);
  cleanups.push(fresh.drop);
  console.log(`bench:live on PostgreSQL ${new URL(serverUrl).host}, fresh database ${fresh.name}`);
  // eslint-disable-next-line no-restricted-properties -- start.ts inherits this process's environment
  const env: NodeJS.ProcessEnv = { ...process.env };
  Object.assign(env, {
    DATABASE_URL: fresh.url,
    PORT: String(PORT),
    DATA_DIR,
    AUTH_EMULATOR_PORT: String(AUTH_PORT),
    MAIL_CATCHER_PORT: String(PORT + 30),
    LIVE_HTTP_PORT: String(HLS_PORT),
    LIVE_RTMP_PORT: String(RTMP_PORT),
    NEXT_TELEMETRY_DISABLED: '1',
  });
  const app = startApp(env, (line) => !line.includes('GET /') && !line.includes('POST /'));
  cleanups.push(app.stop);
  await waitForOk(`http://localhost:${PORT}/`, app, 20 * 60_000);
  const appPid = await listenerPid(app.child.pid!, PORT);

  const handle = connectPostgres(fresh.url, { max: 2 });
  cleanups.push(handle.close);
  const db = handle.db;
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.slug, 'mio'));
  const [stream] = await db
    .select()
    .from(liveStreams)
    .where(and(eq(liveStreams.siteId, site!.id), eq(liveStreams.state, 'scheduled')))
    .limit(1);
  if (!stream) throw new Error("the demo's scheduled live stream is missing");
  // The demo's stream key is known to nobody: the bench gives it one, as staff do in the item's editor.
  const secret = newStreamSecret();
  await db
    .update(liveStreams)
    .set({ keyHash: hashStreamSecret(secret) })
    .where(eq(liveStreams.id, stream.id));

  const encoder = publishTestStream(`rtmp://127.0.0.1:${RTMP_PORT}/live`, streamKeyText(stream.id, secret));
  cleanups.push(encoder.stop);
  await until('the stream to go live', async () => {
    const [row] = await db.select().from(liveStreams).where(eq(liveStreams.id, stream.id));
    return row?.state === 'live';
  });
  const playlist = path.join(DATA_DIR, 'live/live', stream.id, 'index.m3u8');
  await until('a live window of three segments', async () => {
    const text = await readFile(playlist, 'utf8').catch(() => '');
    return (text.match(/^\d+\.ts$/gm)?.length ?? 0) >= 3;
  });

  const context: BenchContext = {
    appBase: `http://localhost:${PORT}`,
    host: MIO_HOST,
    db,
    siteId: site!.id,
    itemId: stream.itemId,
    streamId: stream.id,
    cookies: await openSessions(db, site!.id, PREMIUM_EMAIL, VIEWERS),
    appPid,
    seconds: SECONDS,
    viewers: VIEWERS,
  };
  const results: Record<string, SectionResult> = {};
  for (const name of wanted) results[name] = await SECTIONS[name]!(context);

  // The encoder stops: the stream ends and its archive is made.
  await encoder.stop();
  await until('the stream to end', async () => {
    const [row] = await db.select().from(liveStreams).where(eq(liveStreams.id, stream.id));
    return row?.state === 'ended';
  });
  const archived = await until('its archive', async () =>
    (
      await readFile(path.join(DATA_DIR, 'live/archive', stream.id, 'index.m3u8'), 'utf8').catch(() => '')
    ).includes('#EXT-X-ENDLIST'),
  ).catch(() => false);
  console.log(`The stream ended; its archive ${archived ? 'was made' : 'was NOT made'}.`);

  const report = {
    at: new Date().toISOString(),
    commit: await gitCommit(),
    machine: { cpus: os.cpus().length, loadAtStart, loadAtEnd: os.loadavg()[0] },
    viewers: VIEWERS,
    seconds: SECONDS,
    archived,
    ...results,
  };
  await mkdir('bench/results', { recursive: true });
  const file = `bench/results/live-${report.at.replace(/[:.]/g, '-')}.json`;
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Written ${file}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

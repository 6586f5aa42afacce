/**
 * One run of `npm run bench`: a warm-up of autocannon (discarded), then the measured run, while the resident memory
 * of the server process is sampled from /proc. Also starts the ceiling server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon, { type Options, type RequestSpec, type Result } from 'autocannon';
import { cpuSeconds, rssBytes } from './bench-app';

export const CONNECTIONS = 50;
export const WARM_UP_SECONDS = 2;
export const MEASURE_SECONDS = 5;
const RSS_SAMPLE_MS = 250;

export interface Target {
  name: string;
  /** guest: a visitor (no session); member: a guest member; premium: a premium member. */
  kind: 'guest' | 'premium' | 'member';
  /** A premium list or top page: proven by the audience the app names (x-fc-audience), not by an item's body. */
  audience?: 'premium';
  url: string;
  headers: Record<string, string>;
  /** Cookies sent in turn, one per request, instead of the one in `headers` (the re-check target). */
  cookies?: () => string;
}

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Socket errors and timeouts, plus non-2xx answers. */
  errors: number;
  non2xx: number;
  timeouts: number;
  maxRssBytes: number | null;
  rssSamples: number;
  /**
   * CPU seconds each watched process used during the measured run (the app server, the Auth emulator, a ceiling):
   * on a shared machine, how much of it the server got, and what else the requests made work.
   */
  cpuSeconds: Record<string, number | null>;
}

/** Watches the CPU time of some processes, by name, from now until `stop`. */
export async function watchCpu(pids: Record<string, number>): Promise<{
  stop: () => Promise<Record<string, number | null>>;
}> {
  const start = await Promise.all(Object.values(pids).map(cpuSeconds));
  return {
    stop: async () => {
      const end = await Promise.all(Object.values(pids).map(cpuSeconds));
      return Object.fromEntries(
        Object.keys(pids).map((name, i) => {
          const [from, to] = [start[i], end[i]];
          return [name, from == null || to == null ? null : Math.round((to - from) * 100) / 100];
        }),
      );
    },
  };
}

/** Samples the RSS of `pid` every 250 ms until `stop` is called; answers the largest sample. */
/**
 * The app server at rest (LIMITS.restRssMiB): after it has served every target once, `quietSeconds` without a request
 * (its timers and jobs go on), then its RSS sampled for five seconds.
 */
export async function restingRss(pid: number, quietSeconds = 10) {
  await new Promise((resolve) => setTimeout(resolve, quietSeconds * 1000));
  const rss = sampleRss(pid);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const { max, samples } = rss.stop();
  return { quietSeconds, maxRssBytes: max, samples };
}

export function sampleRss(pid: number): { stop: () => { max: number | null; samples: number } } {
  const samples: number[] = [];
  const sample = () => void rssBytes(pid).then((bytes) => bytes !== null && samples.push(bytes));
  sample();
  const timer = setInterval(sample, RSS_SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return { max: samples.length > 0 ? Math.max(...samples) : null, samples: samples.length };
    },
  };
}

/** The autocannon options of a target, or of its ceiling (same headers and cookies, another URL). */
export function optionsFor(target: Target, url = target.url): Options {
  const next = target.cookies;
  if (!next) return { url, headers: target.headers, connections: CONNECTIONS };
  const { pathname, search } = new URL(url);
  const request: RequestSpec = {
    method: 'GET',
    path: pathname + search,
    headers: target.headers,
    setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: next() } }),
  };
  return { url, connections: CONNECTIONS, requests: [request] };
}

/** A result of autocannon in the benchmark's terms. */
export function measurementOf(
  result: Result,
  rss: { max: number | null; samples: number },
  cpu: Record<string, number | null>,
): Measurement {
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    maxRssBytes: rss.max,
    rssSamples: rss.samples,
    cpuSeconds: cpu,
  };
}

/**
 * Warm-up, then the measured run with RSS samples of `serverPid` every 250 ms and the CPU time of `cpuOf` (by name)
 * over the measured run.
 */
export async function measure(
  options: Options,
  serverPid: number,
  cpuOf: Record<string, number>,
): Promise<Measurement> {
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const cpu = await watchCpu(cpuOf);
  const rss = sampleRss(serverPid);
  const result = await autocannon({ ...options, duration: MEASURE_SECONDS }).catch((error: unknown) => {
    rss.stop();
    throw error;
  });
  const rssSeen = rss.stop();
  return measurementOf(result, rssSeen, await cpu.stop());
}

/** The ceiling server in its own process, serving the entries of `manifestFile`; resolves once it listens. */
export function startCeiling(manifestFile: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('scripts/lib/bench-ceiling-server.ts'), manifestFile, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ceiling server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
  });
}

/**
 * One target of `npm run bench`: a warm-up run of autocannon (discarded), then the measured run, while the
 * resident memory of the server process is sampled from /proc. Also starts the ceiling server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { rssBytes } from './bench-app';

export const CONNECTIONS = 50;
export const WARM_UP_SECONDS = 3;
export const MEASURE_SECONDS = 10;
const RSS_SAMPLE_MS = 250;

export interface Target {
  name: string;
  kind: 'ceiling' | 'guest' | 'premium' | 'member';
  /** A premium list or top page: proven by the audience the app names (x-fc-audience), not by an item's body. */
  audience?: 'premium';
  url: string;
  headers: Record<string, string>;
}

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  maxRssBytes: number | null;
  rssSamples: number;
}

/** Warm-up, then the measured run with RSS samples of `serverPid` every 250 ms. */
export async function measure(target: Target, serverPid: number): Promise<Measurement> {
  const options = { url: target.url, headers: target.headers, connections: CONNECTIONS };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const samples: number[] = [];
  const sample = () => void rssBytes(serverPid).then((bytes) => bytes !== null && samples.push(bytes));
  sample();
  const timer = setInterval(sample, RSS_SAMPLE_MS);
  try {
    const result = await autocannon({ ...options, duration: MEASURE_SECONDS });
    return {
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors + result.non2xx,
      non2xx: result.non2xx,
      timeouts: result.timeouts,
      maxRssBytes: samples.length > 0 ? Math.max(...samples) : null,
      rssSamples: samples.length,
    };
  } finally {
    clearInterval(timer);
  }
}

/** The ceiling server in its own process, serving `file`; resolves once it listens. */
export function startCeiling(file: string, contentType: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('scripts/lib/bench-ceiling-server.ts'), file, contentType, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ceiling server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
  });
}

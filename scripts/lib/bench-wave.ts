/**
 * One wave of `npm run bench:presale` (issue 40): `amount` requests over `connections` keep-alive connections, each
 * connection sending its next request as soon as its answer is read (a closed loop, as autocannon runs it), every
 * answer's status and latency kept. The connections are opened before the clock starts, each with one cheap request
 * (`warmPath`): a fan at the result time has the TICKET page open, and its connection with it. Opening 200 of them in
 * the same millisecond is the load generator's work, not the app's: measured with autocannon 8 against a bare
 * node:http server on this host, it put 400 ms on the first 200 answers, and behind the app 1.5-6 s (while the app's
 * own slowest answer took 120-270 ms), which was the whole p99 of a wave.
 */
import { Pool } from 'undici';

export interface WaveRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: (index: number) => Record<string, string>;
  body?: (index: number) => string;
  /** Why an answer is wrong, or null. */
  check?: (status: number, body: string) => string | null;
}

export interface WaveResult {
  sent: number;
  statuses: Record<string, number>;
  wallMs: number;
  p50: number;
  p99: number;
  max: number;
  /** Requests that got no answer at all (socket errors, timeouts). */
  errors: number;
  /** The first few wrong answers. */
  wrong: string[];
  /**
   * The slowest answers, slowest first: when each was sent (ms after the wave's start) and how long it took. A stall
   * shows as several sent together; a lost packet as one alone near a retransmission time (1, 3, 7 s over it).
   */
  slowest: { sentAtMs: number; ms: number }[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Opens the pool's connections (one cheap request each, at once); returns the pool for the measured part. */
export async function warmPool(base: string, connections: number, warmPath: string): Promise<Pool> {
  const pool = new Pool(base, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const answer = await pool.request({ method: 'GET', path: warmPath });
      await answer.body.dump();
    }),
  );
  return pool;
}

/** The measured part: `amount` requests, `connections` at a time, on the warm pool. */
export async function runWave(
  pool: Pool,
  connections: number,
  amount: number,
  request: WaveRequest,
): Promise<WaveResult> {
  const statuses: Record<string, number> = {};
  const wrong: string[] = [];
  /** Every answer: when it was sent (ms after the start) and how long it took. */
  const answers: { sentAtMs: number; ms: number }[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < amount) {
        const index = next++;
        const sent = performance.now();
        try {
          const answer = await pool.request({
            method: request.method,
            path: request.path,
            headers: request.headers(index),
            body: request.body?.(index),
            headersTimeout: 30_000,
            bodyTimeout: 30_000,
          });
          const body = await answer.body.text();
          answers.push({ sentAtMs: sent - started, ms: performance.now() - sent });
          statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
          const problem = request.check?.(answer.statusCode, body);
          if (problem && wrong.length < 5) wrong.push(problem);
        } catch {
          errors++;
        }
      }
    }),
  );
  const wallMs = Math.round(performance.now() - started);
  // Slowest last: the percentiles read it, and the slowest few are its end.
  answers.sort((a, b) => a.ms - b.ms);
  const sorted = answers.map((answer) => answer.ms);
  const slowest = answers
    .slice(-8)
    .reverse()
    .map((answer) => ({ sentAtMs: Math.round(answer.sentAtMs), ms: Math.round(answer.ms) }));
  return {
    sent: amount,
    statuses,
    wallMs,
    p50: Math.round(percentile(sorted, 50)),
    p99: Math.round(percentile(sorted, 99)),
    max: Math.round(sorted.at(-1) ?? 0),
    errors,
    wrong,
    slowest,
  };
}

import 'server-only';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '@/server/db/client';
import type { Job } from './define';
import { claim, expireLease, finish, leaseHolder, register, release } from './lease';

export interface JobRunnerOptions {
  db: Db;
  jobs: readonly Job[];
  /** Who holds a lease, as the console shows it; by default host and process id. */
  instance?: string;
  /** The pause before each job's first claim, so that a starting server answers its first requests first. */
  firstDelayMs?: number;
  /** How long stop() waits for runs in progress before it gives their leases back and returns. */
  stopWaitMs?: number;
  /**
   * Whether a crowd is being answered now (the server: many requests in flight): a due job then waits, YIELD_MS at a
   * time and at most MAX_YIELD_MS, so that fans' answers do not wait for mails and vouchers; an instance less busy may
   * claim it meanwhile. Never, by default.
   */
  busy?: () => boolean;
}

export interface JobRunner {
  readonly jobs: readonly Job[];
  readonly instance: string;
  /** Starts every job's schedule (once; a stopped runner stays stopped). */
  start(): void;
  /** Stops every schedule, aborts the runs in progress and waits for them up to `stopWaitMs`. */
  stop(): Promise<void>;
}

/** A claim the database did not answer (an outage) is tried again after this, or the job's period if shorter. */
const RETRY_MS = 5_000;
/** The least pause between two claims of one job (another instance was claiming it at that moment). */
const MIN_WAIT_MS = 20;
const FAILURE_MAX_CHARS = 500;
/** A due job's wait while the process is busy, checked again after each. */
const YIELD_MS = 1_000;
/**
 * The longest a due job waits for a busy process: a crowd at a presale's peak lasts about a minute (issue 40), and a
 * process busy for longer still runs its jobs, between the requests.
 */
export const MAX_YIELD_MS = 60_000;

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, FAILURE_MAX_CHARS) || 'エラー';

/** A failure is logged the first time and then at the 10th, 100th... in a row: a long outage stays readable. */
const worthLogging = (failures: number) => Number.isInteger(Math.log10(failures));

/**
 * Whether `holder` names a process of this machine that is gone (an instance killed and started again here): its
 * lease need not run to its end. Another machine's process, or one that may be alive, is never judged dead.
 */
function deadHere(holder: string): boolean {
  const at = holder.lastIndexOf(':');
  const pid = Number(holder.slice(at + 1));
  if (holder.slice(0, at) !== hostname() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid)
    return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The one job runner (docs/decisions/0038): every instance runs one, with every job; each job's row in job_runs
 * decides which instance runs it when (lease.ts), so a job runs once per due time whatever the instances.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, jobs } = options;
  const names = jobs.map((job) => job.name);
  if (new Set(names).size !== names.length) throw new Error(`jobs named twice: ${names.join(', ')}`);
  const instance = options.instance ?? `${hostname()}:${process.pid}`;
  const stopping = new AbortController();
  const active = new Map<string, Job>();
  let loops: Promise<void>[] | null = null;
  const busy = options.busy ?? (() => false);

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopping.signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      stopping.signal.addEventListener('abort', done, { once: true });
    });

  /**
   * One run under its lease: abandoned at its timeout, aborted when the runner stops. Answers how to record its end,
   * for the caller to do (and to do again after an outage: see schedule).
   */
  async function runOnce(job: Job, runId: string): Promise<() => Promise<void>> {
    const controller = new AbortController();
    const onStop = () => controller.abort(new Error('the job runner stopped'));
    stopping.signal.addEventListener('abort', onStop, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), job.timeoutMs);
    });
    // The run's own allowance of waiting for crowds (JobContext.crowd), beside the wait before its claim.
    let waited = 0;
    const crowd = async () => {
      while (busy() && waited < MAX_YIELD_MS && !controller.signal.aborted) {
        waited += YIELD_MS;
        await pause(YIELD_MS);
      }
    };
    const running = Promise.resolve()
      .then(() => job.run({ db, signal: controller.signal, crowd }))
      .then(
        () => null,
        (error: unknown) => messageOf(error),
      );
    const outcome = await Promise.race([running, timedOut]);
    clearTimeout(timer);
    stopping.signal.removeEventListener('abort', onStop);
    if (outcome === 'timeout') controller.abort(new Error(`timed out after ${job.timeoutMs} ms`));
    const failure =
      outcome === 'timeout' ? `制限時間（${job.timeoutMs / 1000}秒）を過ぎたため打ち切りました` : outcome;
    // Cut short by stop(): neither a success nor a failure; the next instance (or start) runs it again.
    if (failure !== null && stopping.signal.aborted) return () => release(db, job, runId);
    return async () => {
      const failures = await finish(db, job, runId, failure);
      if (failure !== null && failures !== null && worthLogging(failures))
        console.warn(`jobs: ${job.name} failed (${failures} in a row): ${failure}`);
    };
  }

  async function schedule(job: Job): Promise<void> {
    let registered = false;
    let outage = false;
    /**
     * The end of this runner's own lease that the database has not taken yet (it went away between the claim and the
     * run's end): recorded first when it answers again. Left alone, the lease would hold the job for its whole
     * timeout (the resale's 5 minutes), as if this live instance were still running it.
     */
    let owed: (() => Promise<void>) | null = null;
    await pause(options.firstDelayMs ?? 1_000);
    let yielded = 0;
    while (!stopping.signal.aborted) {
      let waitMs: number;
      if (busy() && yielded < MAX_YIELD_MS) {
        yielded += YIELD_MS;
        await pause(YIELD_MS);
        continue;
      }
      yielded = 0;
      try {
        if (owed) {
          await owed();
          owed = null;
        }
        if (!registered) {
          await register(db, job);
          const holder = await leaseHolder(db, job);
          if (holder && deadHere(holder)) await expireLease(db, job, holder);
        }
        registered = true;
        const runId = randomUUID();
        // A claim whose answer the outage took may still have taken the lease: it goes back before the next claim.
        owed = () => release(db, job, runId);
        const claimed = await claim(db, job, runId, instance);
        owed = null;
        outage = false;
        if (claimed.claimed) {
          active.set(runId, job);
          owed = await runOnce(job, runId).finally(() => active.delete(runId));
          await owed();
          owed = null;
          waitMs = job.everyMs;
        } else {
          waitMs = Math.min(job.everyMs, Math.max(MIN_WAIT_MS, claimed.waitMs));
        }
      } catch (error) {
        if (!outage) console.warn(`jobs: ${job.name} not scheduled, tried again later: ${messageOf(error)}`);
        outage = true;
        waitMs = Math.min(job.everyMs, RETRY_MS);
      }
      await pause(waitMs);
    }
  }

  return {
    jobs,
    instance,
    start() {
      if (loops || stopping.signal.aborted) return;
      loops = jobs.map((job) => schedule(job));
    },
    async stop() {
      if (stopping.signal.aborted) return;
      stopping.abort();
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([
        Promise.all(loops ?? []).then(() => true),
        new Promise<false>(
          (resolve) => (timer = setTimeout(() => resolve(false), options.stopWaitMs ?? 10_000)),
        ),
      ]);
      clearTimeout(timer);
      // Runs that ignore their signal: their leases go back now, so another instance need not wait for the timeout.
      if (!ended)
        await Promise.all([...active].map(([runId, job]) => release(db, job, runId).catch(() => {})));
      await Promise.all(jobs.map(async (job) => job.close?.()));
    },
  };
}

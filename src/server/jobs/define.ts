import 'server-only';
import type { Db } from '@/server/db/client';

/** What a run is given: the runner's database and a signal aborted when the run times out or the runner stops. */
export interface JobContext {
  db: Db;
  signal: AbortSignal;
  /**
   * Waits while a crowd is being answered (the runner's `busy`), a second at a time and at most MAX_YIELD_MS over the
   * whole run; answers at once otherwise. A run with many items (a presale's wins to pay) calls it between them: a
   * run that began before the crowd came then leaves the cores to the fans' answers instead of working through them.
   */
  crowd(): Promise<void>;
}

export interface Job {
  /** Stable key of the job's row in job_runs and of its advisory lock. */
  name: string;
  /** What the owner's console calls it (Japanese). */
  label: string;
  /** The pause between the end of one run and the start of the next, whichever instance runs them. */
  everyMs: number;
  /**
   * A run still going after this long is abandoned (its signal aborted) and recorded as failed, and its lease ends:
   * the next run may start. Work that cannot honour the signal must be safe to run twice at once.
   */
  timeoutMs: number;
  run(context: JobContext): Promise<void>;
  /** Frees what the job holds outside the database (a mail transport), once the runner has stopped. */
  close?(): void | Promise<void>;
}

const NAME = /^[a-z][a-z0-9-]{1,62}$/;

/** A job for the runner (runner.ts), checked once where it is declared. */
export function defineJob(job: Job): Job {
  if (!NAME.test(job.name)) throw new Error(`job name "${job.name}": lower-case letters, digits and dashes`);
  for (const key of ['everyMs', 'timeoutMs'] as const) {
    const value = job[key];
    if (!Number.isInteger(value) || value < 1 || value > 2 ** 31 - 1)
      throw new Error(`job ${job.name}: ${key} must be a positive whole number of milliseconds`);
  }
  return Object.freeze({ ...job });
}

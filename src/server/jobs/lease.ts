import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/raw';
import type { Job } from './define';

/** The first key of every job's advisory lock (the second is the name's hash): apart from the app's other locks. */
const LOCK_CLASS = 36;

const ms = (value: number) => sql`(${value}::int * interval '1 millisecond')`;

/**
 * The job's row, with its schedule as this runner declares it. A new job is due at once; a shorter schedule than
 * the row's pulls its next time forward, and a run in progress keeps its lease.
 */
export async function register(db: Db, job: Job): Promise<void> {
  await db.execute(sql`
    INSERT INTO job_runs (name, label, every_ms, timeout_ms, due_at)
    VALUES (${job.name}, ${job.label}, ${job.everyMs}::int, ${job.timeoutMs}::int, now())
    ON CONFLICT (name) DO UPDATE SET label = excluded.label, every_ms = excluded.every_ms,
      timeout_ms = excluded.timeout_ms, due_at = LEAST(job_runs.due_at, now() + ${ms(job.everyMs)})`);
}

/** The instance whose run holds the job's lease now, if any. */
export async function leaseHolder(db: Db, job: Job): Promise<string | null> {
  const result = await db.execute(sql`
    SELECT holder FROM job_runs WHERE name = ${job.name} AND run_id IS NOT NULL AND lease_until > now()`);
  return rowsOf<{ holder: string | null }>(result)[0]?.holder ?? null;
}

/** Ends the lease of a run whose instance is known to be dead now: the next claim takes it over and counts it failed. */
export async function expireLease(db: Db, job: Job, holder: string): Promise<void> {
  await db.execute(sql`
    UPDATE job_runs SET lease_until = now()
    WHERE name = ${job.name} AND holder = ${holder} AND run_id IS NOT NULL AND lease_until > now()`);
}

export type Claim = { claimed: true } | { claimed: false; waitMs: number };

/**
 * Takes the job's run if it is due and no lease holds it, in one statement. The transaction-level advisory lock
 * makes it a try: an instance that finds another one claiming at this moment goes away at once instead of waiting
 * on the row. The lease (run id, holder, until start + timeout) then carries the claim over the whole run, on any
 * connection. A lease that ran out without an end recorded (its instance died) counts as a failure of that run.
 * Not claimed: how long until it may be due (a run elsewhere: until its lease would end).
 */
export async function claim(db: Db, job: Job, runId: string, holder: string): Promise<Claim> {
  const result = await db.execute(sql`
    WITH lock AS (SELECT pg_try_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${job.name})) AS got),
    claimed AS (
      UPDATE job_runs j SET run_id = ${runId}::uuid, holder = ${holder}, started_at = now(),
        lease_until = now() + ${ms(job.timeoutMs)},
        failures = CASE WHEN j.run_id IS NULL THEN j.failures ELSE j.failures + 1 END,
        failed_at = CASE WHEN j.run_id IS NULL THEN j.failed_at ELSE j.lease_until END,
        failure = CASE WHEN j.run_id IS NULL THEN j.failure
          ELSE '終了が記録されないまま打ち切られました（' || j.holder || '）' END
      FROM lock
      WHERE lock.got AND j.name = ${job.name} AND j.due_at <= now()
        AND (j.run_id IS NULL OR j.lease_until <= now())
      RETURNING j.name)
    SELECT (SELECT count(*) FROM claimed)::int AS claimed,
      GREATEST(0, EXTRACT(EPOCH FROM (
        CASE WHEN j.run_id IS NOT NULL AND j.lease_until > now() THEN j.lease_until ELSE j.due_at END - now())) * 1000
      )::float8 AS wait_ms
    FROM job_runs j WHERE j.name = ${job.name}`);
  const [row] = rowsOf<{ claimed: number; wait_ms: number }>(result);
  if (!row) throw new Error(`job ${job.name} has no row: register it first`);
  return row.claimed > 0 ? { claimed: true } : { claimed: false, waitMs: Number(row.wait_ms) };
}

/**
 * Ends the run and its lease: a success clears the count of failures, a failure adds one with its message. Only the
 * run that holds the lease writes (an abandoned run that ends late changes nothing). Answers the failures in a row,
 * or null when the lease was no longer this run's.
 */
export async function finish(
  db: Db,
  job: Job,
  runId: string,
  failure: string | null,
): Promise<number | null> {
  const result = await db.execute(sql`
    UPDATE job_runs SET run_id = NULL, holder = NULL, lease_until = NULL, finished_at = now(),
      due_at = now() + ${ms(job.everyMs)},
      succeeded_at = CASE WHEN ${failure}::text IS NULL THEN now() ELSE succeeded_at END,
      failed_at = CASE WHEN ${failure}::text IS NULL THEN failed_at ELSE now() END,
      failure = COALESCE(${failure}::text, failure),
      failures = CASE WHEN ${failure}::text IS NULL THEN 0 ELSE failures + 1 END
    WHERE name = ${job.name} AND run_id = ${runId}::uuid
    RETURNING failures`);
  const [row] = rowsOf<{ failures: number }>(result);
  return row ? row.failures : null;
}

/** Gives a run's lease back without an outcome (the runner stopped under it): the job stays due for anyone. */
export async function release(db: Db, job: Job, runId: string): Promise<void> {
  await db.execute(sql`
    UPDATE job_runs SET run_id = NULL, holder = NULL, lease_until = NULL
    WHERE name = ${job.name} AND run_id = ${runId}::uuid`);
}

import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per background job (src/server/jobs, docs/decisions/0038): its schedule as the runners last declared it,
 * the lease of the run in progress (run id, holder, until when) and how its runs ended. Every instance's runner
 * claims a job through this row, so it is also what the owner's console reads.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** The Japanese name the console shows. */
  label: text('label').notNull(),
  everyMs: integer('every_ms').notNull(),
  timeoutMs: integer('timeout_ms').notNull(),
  /** When the next run may start: a run's end plus `every_ms`. */
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  /** The run in progress (null when none): its id, its instance and the end of its lease (start + timeout). */
  runId: uuid('run_id'),
  holder: text('holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  failure: text('failure'),
  /** Failures since the last success. */
  failures: integer('failures').notNull().default(0),
});

import 'server-only';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { jobRuns } from '@/server/db/schema';

/** 停止中 (no run now), 実行中 (a run within its timeout), 遅延 (a run past its timeout: stuck, or its instance died). */
export type JobState = 'idle' | 'running' | 'stuck';

export interface JobStatus {
  name: string;
  label: string;
  everyMs: number;
  timeoutMs: number;
  state: JobState;
  /** The instance of the run in progress. */
  holder: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  succeededAt: Date | null;
  failedAt: Date | null;
  failure: string | null;
  /** Failures since the last success. */
  failures: number;
  dueAt: Date;
  /** Due for longer than a period and a minute, and nobody took it: no runner is running this job. */
  overdue: boolean;
}

/** Every job a runner has declared, as the database sees it now (one clock for every instance). */
export async function listJobStatus(db: Db): Promise<JobStatus[]> {
  const rows = await db
    .select({
      name: jobRuns.name,
      label: jobRuns.label,
      everyMs: jobRuns.everyMs,
      timeoutMs: jobRuns.timeoutMs,
      holder: jobRuns.holder,
      startedAt: jobRuns.startedAt,
      finishedAt: jobRuns.finishedAt,
      succeededAt: jobRuns.succeededAt,
      failedAt: jobRuns.failedAt,
      failure: jobRuns.failure,
      failures: jobRuns.failures,
      dueAt: jobRuns.dueAt,
      running: sql<boolean>`${jobRuns.runId} IS NOT NULL`.mapWith(Boolean),
      stuck: sql<boolean>`${jobRuns.runId} IS NOT NULL AND ${jobRuns.leaseUntil} <= now()`.mapWith(Boolean),
      overdue: sql<boolean>`${jobRuns.runId} IS NULL
        AND ${jobRuns.dueAt} < now() - (${jobRuns.everyMs} + 60000) * interval '1 millisecond'`.mapWith(
        Boolean,
      ),
    })
    .from(jobRuns)
    .orderBy(asc(jobRuns.name));
  return rows.map(({ running, stuck, ...row }) => ({
    ...row,
    state: stuck ? 'stuck' : running ? 'running' : 'idle',
  }));
}

import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { dbUnavailability } from '@/server/db/unavailable';
import { processWide } from '@/server/process-wide';

/** While the database is down, at most one probe per this long. */
const PROBE_EVERY_MS = 1_000;

/**
 * What this process knows of its database's health. Set by any query that failed as "down" (the front server's own,
 * and Next.js's through instrumentation's onRequestError and jsonFromError), cleared by a cheap probe that succeeds:
 * while it is down the front server answers at once instead of making every visitor wait for a connect timeout.
 */
export class DbHealth {
  private downSince: number | null = null;
  private lastProbeAt = 0;
  private probing = false;
  /** When a query last failed as unavailable (down or busy): tells a 500 of Next.js caused by it. */
  lastUnavailableAt = 0;

  get down(): boolean {
    return this.downSince !== null;
  }

  /** Records a failed query; true when the error is the database's unavailability. */
  report(error: unknown, now = Date.now()): boolean {
    const kind = dbUnavailability(error);
    if (!kind) return false;
    this.lastUnavailableAt = now;
    if (kind === 'down' && this.downSince === null) {
      this.downSince = now;
      console.error('database unavailable:', describe(error));
    }
    return true;
  }

  /** A query succeeded: the database answers again. */
  up(): void {
    if (this.downSince === null) return;
    console.error(`database back after ${Math.round((Date.now() - this.downSince) / 1000)} s`);
    this.downSince = null;
  }

  /** While down, starts one `select 1` (at most one a second) whose answer clears the flag. */
  probe(db: Db, now = Date.now()): void {
    // A clock set back (NTP) must not stop the probes: only a recent probe in the past holds the next one.
    const recent = now >= this.lastProbeAt && now - this.lastProbeAt < PROBE_EVERY_MS;
    if (!this.down || this.probing || recent) return;
    this.probing = true;
    this.lastProbeAt = now;
    db.execute(sql`select 1`)
      .then(() => this.up())
      .catch((error: unknown) => this.report(error))
      .finally(() => (this.probing = false));
  }
}

/** One line, not the error: an outage logs once, and a kept error would keep its socket and buffers alive. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message.slice(0, 200)}${cause.slice(0, 200)}`;
}

/** The process's one record, shared by every copy of this module (src/server/process-wide.ts). */
export function dbHealth(): DbHealth {
  return processWide('db-health', () => new DbHealth());
}

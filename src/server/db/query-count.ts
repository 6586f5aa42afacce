import { AsyncLocalStorage } from 'node:async_hooks';
import { processWide } from '@/server/process-wide';

/**
 * Counts the database round trips of one request (issue 7: a member's page view makes at most three). The front
 * server runs each request inside `countQueries`; both copies of the database client (the front server's and the
 * one Next.js bundles) count into the same store through a global symbol.
 */
export interface QueryCount {
  queries: number;
}

function store(): AsyncLocalStorage<QueryCount> {
  return processWide('query-count', () => new AsyncLocalStorage<QueryCount>());
}

export function countQueries<T>(count: QueryCount, run: () => T): T {
  return store().run(count, run);
}

/** Adds `n` round trips to the request's count, if it is counted. */
export function countRoundTrips(n: number): void {
  const count = store().getStore();
  if (count) count.queries += n;
}

/** Drizzle's logger hook: called once per query sent. */
export const queryCountLogger = {
  logQuery(): void {
    countRoundTrips(1);
  },
};

/**
 * A transaction's BEGIN and its COMMIT (or ROLLBACK) are round trips the drivers send themselves, which Drizzle's
 * logger never sees: `db.transaction` counts them, two per transaction (client.ts). A savepoint inside one is
 * counted where the driver logs it (PGlite's), not where it does not (postgres.js's); no request path makes one.
 */
export const TRANSACTION_ROUND_TRIPS = 2;

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

/** Drizzle's logger hook: called once per query sent. */
export const queryCountLogger = {
  logQuery(): void {
    const count = store().getStore();
    if (count) count.queries += 1;
  },
};

import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** The rows of `db.execute`: an array from postgres.js, `{ rows }` from PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A raw statement's rows, on either engine. */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * A PostgreSQL array literal (`{a,b}`) for one bound parameter, cast in the statement (`::uuid[]`, `::int[]`): one
 * parameter whatever the length. Only for values without commas, braces or quotes (ids, numbers, fixed words).
 */
export const pgArray = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/**
 * Whether a statement failed on a unique key (SQLSTATE 23505): a row another transaction wrote first. Both drivers
 * put the SQLSTATE on the error as `code`; Drizzle wraps it (`cause`).
 */
export function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  return isUniqueViolation((error as { cause?: unknown }).cause, depth + 1);
}

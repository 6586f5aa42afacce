import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

/** The rows of `db.execute`: an array from postgres.js, `{ rows }` from PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A raw statement's rows, on either engine. */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

type PreparedStatement = ReturnType<Db['_']['session']['prepareQuery']>;
const preparedByDb = new WeakMap<Db, Map<string, PreparedStatement>>();

/**
 * A raw statement's rows, the statement kept prepared on the connection, as a builder's `.prepare()` keeps its own
 * (`db.execute` sends every statement unnamed, parsed and planned again each time). For a statement run at a peak:
 * its values are placeholders (`sql.placeholder`), bound from `values` at each run, and `build` runs once per handle
 * and `key`, so its text is not built again either. PostgreSQL then parses it once per connection and, after five
 * runs, plans it once (docs/decisions/0056). Through PgBouncer in transaction mode it is sent unnamed (client.ts).
 * One key per text: a key must name everything `build` reads.
 */
export async function executePreparedRows<T>(
  db: Db,
  key: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  let byKey = preparedByDb.get(db);
  if (!byKey) preparedByDb.set(db, (byKey = new Map()));
  let prepared = byKey.get(key);
  if (!prepared) {
    prepared = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, key, false);
    byKey.set(key, prepared);
  }
  return rowsOf<T>(await prepared.execute(values));
}

/**
 * A PostgreSQL array literal (`{a,b}`) for one bound parameter, cast in the statement (`::uuid[]`, `::int[]`): one
 * parameter whatever the length. Only for values without commas, braces or quotes (ids, numbers, fixed words).
 */
export const pgArray = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/**
 * `ARRAY[$1, $2, …]::type[]` with placeholders `name0`, `name1`, … for a prepared statement (executePreparedRows): its
 * text then says how many values there are. PostgreSQL's generic plan guesses 10 for an array parameter, which made
 * the application's statement look dearer generic than custom, so it was planned again at every run
 * (docs/decisions/0056). One text per length.
 */
export function placeholderArray(name: string, length: number, type: 'uuid' | 'int'): SQL {
  return sql`array[${sql.join(
    Array.from({ length }, (_, index) => sql.placeholder(`${name}${index}`)),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
}

/** The values of placeholderArray's placeholders. */
export function placeholderValues(name: string, values: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries(values.map((value, index) => [`${name}${index}`, value]));
}

/**
 * Whether a statement failed on a unique key (SQLSTATE 23505): a row another transaction wrote first. Both drivers
 * put the SQLSTATE on the error as `code`; Drizzle wraps it (`cause`).
 */
export function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  return isUniqueViolation((error as { cause?: unknown }).cause, depth + 1);
}

/** The rows of `db.execute`: an array from postgres.js, `{ rows }` from PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

import 'server-only';
import path from 'node:path';
import { appPoolOptions, env } from '@/server/env';
import { connectPostgres, openPglite, type Db, type DbHandle } from '@/server/db/client';
import { processWide } from '@/server/process-wide';

export type { Db } from '@/server/db/client';

/**
 * The app's database. `npm start` serves the embedded PGlite over the wire and sets DATABASE_URL, so the app
 * normally talks PostgreSQL; opening PGlite in-process is the fallback for a bare `next start`.
 */
export function getDb(): Promise<Db> {
  // One handle per process, also across hot reloads in development.
  const handle = processWide('db-app-handle', () =>
    env.DATABASE_URL
      ? Promise.resolve(connectPostgres(env.DATABASE_URL, appPoolOptions()))
      : openPglite(path.join(env.DATA_DIR, 'pglite')),
  );
  return handle.then((opened: DbHandle) => opened.db);
}

import path from 'node:path';
import { env } from '@/server/env';
import { connectPostgres, openPglite, type DbHandle } from '@/server/db/client';
import { findRunningEmbeddedDb } from '@/server/db/embedded';
import { runMigrations } from '@/server/db/migrate';

/**
 * The database a command-line tool should use: DATABASE_URL; else the embedded database that `npm start` is
 * serving; else the embedded data directory opened in this process. Migrations are applied first.
 */
export async function openToolDatabase(): Promise<DbHandle> {
  const url = env.DATABASE_URL ?? (await findRunningEmbeddedDb(env.DATA_DIR));
  const handle = url ? connectPostgres(url, { max: 1 }) : await openPglite(path.join(env.DATA_DIR, 'pglite'));
  await runMigrations(handle);
  return handle;
}

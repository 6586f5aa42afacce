import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { env } from '@/server/env';
import { connectPostgres, openPglite, type DbHandle } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';

/**
 * A migrated, empty database for one test file: a fresh PostgreSQL database when DATABASE_URL is set (and dropped
 * afterwards), otherwise PGlite in memory. The same tests run on both.
 */
export async function createTestDb(): Promise<DbHandle & { drop(): Promise<void> }> {
  if (!env.DATABASE_URL) {
    const handle = await openPglite();
    await runMigrations(handle);
    return { ...handle, drop: handle.close };
  }
  const name = `fc_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(env.DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString(), { max: 4 });
  await runMigrations(handle);
  return {
    ...handle,
    async drop() {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { inject } from 'vitest';
import { env } from '@/server/env';
import { connectPostgres, openPglite, type DbHandle } from '@/server/db/client';

/**
 * A migrated, empty database for one test file, copied from the run's template (src/test/db-template.global.ts): a
 * fresh PostgreSQL database when DATABASE_URL is set (and dropped afterwards), otherwise PGlite in memory. The same
 * tests run on both.
 */
export async function createTestDb(): Promise<DbHandle & { drop(): Promise<void> }> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const handle = await openPglite(undefined, { loadDataDir: new Blob([await readFile(template.file)]) });
    return { ...handle, drop: handle.close };
  }
  const url = new URL(env.DATABASE_URL!);
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const name = `fc_test_${randomBytes(6).toString('hex')}`;
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template.database}`);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString(), { max: 4 });
  return {
    ...handle,
    async drop() {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

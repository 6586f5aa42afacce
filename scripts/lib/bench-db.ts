import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { env } from '@/server/env';
import { connectPostgres, openPglite, type DbHandle } from '@/server/db/client';

/** A database for a benchmark: a fresh one on DATABASE_URL's server (dropped afterwards), else PGlite in memory. */
export async function openBenchDatabase(): Promise<{
  handle: DbHandle;
  label: string;
  cleanup: () => Promise<void>;
}> {
  if (!env.DATABASE_URL) {
    const handle = await openPglite();
    return { handle, label: 'PGlite (in process, memory)', cleanup: handle.close };
  }
  const name = `fc_bench_${randomBytes(4).toString('hex')}`;
  const admin = connectPostgres(env.DATABASE_URL, { max: 1 });
  await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  const url = new URL(env.DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString(), { max: 1 });
  return {
    handle,
    label: `PostgreSQL (${url.host})`,
    cleanup: async () => {
      await handle.close();
      await admin.db.execute(sql.raw(`DROP DATABASE ${name} WITH (FORCE)`));
      await admin.close();
    },
  };
}

/**
 * A fresh, empty database on the server of `serverUrl`, for a benchmark that hands its URL to another process (the
 * app), named `prefix` and random hex. `drop` ends every connection still open on it and removes it; safe to call
 * more than once.
 */
export async function createFreshDatabase(
  serverUrl: string,
  prefix = 'fc_bench_',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`not a database name prefix: ${prefix}`);
  const name = `${prefix}${randomBytes(4).toString('hex')}`;
  const admin = connectPostgres(serverUrl, { max: 1 });
  try {
    await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      const again = connectPostgres(serverUrl, { max: 1 });
      try {
        await again.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      } finally {
        await again.close();
      }
    },
  };
}

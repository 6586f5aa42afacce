import 'server-only';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import * as schema from '@/server/db/schema';
import { queryCountLogger } from './query-count';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

const SHARED_CLIENTS = Symbol.for('fanclub.postgres-clients');
type WithClients = typeof globalThis & { [SHARED_CLIENTS]?: Map<string, postgres.Sql> };

/**
 * The process's one pool for this URL. The front server and Next.js load separate copies of this module
 * (scripts/serve.ts), and must share the pool: the embedded database serves one session, and two connections'
 * statements would interleave there (docs/decisions/0012). One pool per process is also what PostgreSQL wants.
 */
function sharedClient(url: string, max: number): postgres.Sql {
  const clients = ((globalThis as WithClients)[SHARED_CLIENTS] ??= new Map());
  let client = clients.get(url);
  if (!client) clients.set(url, (client = postgres(url, { max, onnotice: () => {} })));
  return client;
}

/**
 * A PostgreSQL server (or the embedded PGlite served over the wire by `npm start`). `shared`: the process's pool
 * for the URL, made by whichever copy of this module asks first.
 */
export function connectPostgres(url: string, options: { max?: number; shared?: boolean } = {}): DbHandle {
  const max = options.max ?? 10;
  const client = options.shared ? sharedClient(url, max) : postgres(url, { max, onnotice: () => {} });
  return {
    db: drizzlePostgres(client, { schema, logger: queryCountLogger }) as unknown as Db,
    kind: 'postgres',
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * PGlite in this process: a data directory, or memory when none is given (tests). `loadDataDir`: start from a dump
 * of another instance's data directory (the tests' migrated template).
 */
export async function openPglite(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<DbHandle & { pglite: PGlite }> {
  if (dataDir) await mkdir(path.resolve(dataDir), { recursive: true });
  const pglite = await PGlite.create(dataDir ? path.resolve(dataDir) : undefined, options);
  return {
    db: drizzlePglite(pglite, { schema, logger: queryCountLogger }) as unknown as Db,
    kind: 'pglite',
    pglite,
    close: () => pglite.close(),
  };
}

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

/** A PostgreSQL server (or the embedded PGlite served over the wire by `npm start`). */
export function connectPostgres(url: string, options: { max?: number } = {}): DbHandle {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  return {
    db: drizzlePostgres(client, { schema, logger: queryCountLogger }) as unknown as Db,
    kind: 'postgres',
    close: () => client.end({ timeout: 5 }),
  };
}

/** PGlite in this process: a data directory, or memory when none is given (tests). */
export async function openPglite(dataDir?: string): Promise<DbHandle & { pglite: PGlite }> {
  if (dataDir) await mkdir(path.resolve(dataDir), { recursive: true });
  const pglite = await PGlite.create(dataDir ? path.resolve(dataDir) : undefined);
  return {
    db: drizzlePglite(pglite, { schema, logger: queryCountLogger }) as unknown as Db,
    kind: 'pglite',
    pglite,
    close: () => pglite.close(),
  };
}

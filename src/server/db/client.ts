import 'server-only';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import * as schema from '@/server/db/schema';
import { countRoundTrips, queryCountLogger, TRANSACTION_ROUND_TRIPS } from './query-count';
import { processWide } from '@/server/process-wide';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /**
   * PostgreSQL's LISTEN on a connection of its own, listening again after a reconnect (`onListen` then runs again:
   * what was sent meanwhile is lost, so the caller reads the state afresh). Absent for PGlite in this process.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onListen: () => void): Promise<void>;
}

/** The database with every transaction's BEGIN and COMMIT counted as the round trips they are (query-count.ts). */
function countingTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  // Drizzle's method is generic in the callback's answer; this wrapper passes it through unchanged.
  db.transaction = ((run, config) => {
    countRoundTrips(TRANSACTION_ROUND_TRIPS);
    return transaction(run, config);
  }) as Db['transaction'];
  return db;
}

/**
 * Bounds on every wait of the app's pool (README "Settings", decision 0020): a statement, a lock wait, a transaction
 * left idle, and a connection attempt. Unset: PostgreSQL's defaults (no limit), which migrations and seeding keep.
 */
export interface DbTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  connectMs: number;
}

/**
 * What stands between the pool and PostgreSQL (env DATABASE_POOLER, decisions 0044 and 0055). `pgbouncer-session`
 * (deploy/pgbouncer.ini): each of the pool's connections keeps one server connection, so statements stay prepared;
 * PgBouncer refuses startup parameters. `pgbouncer-transaction`: a server connection serves this client for one
 * transaction only (PgBouncer 1.18 keeps no prepared statements).
 */
export type Pooler = 'pgbouncer-session' | 'pgbouncer-transaction';

export interface ConnectOptions {
  max?: number;
  shared?: boolean;
  timeouts?: DbTimeouts;
  pooler?: Pooler | null;
}

/**
 * Through PgBouncer 1.18 in transaction mode: every statement unnamed, and none written behind another still in
 * flight on the connection. PgBouncer hands the server connection back at the first statement's ReadyForQuery, and
 * the answers to one already sent behind it then arrive "when not linked" and are dropped: that query waits for
 * ever (seen in `npm run bench:presale -- --instances 2`: one GET in 10,000 hung until nginx gave up after 60 s).
 */
const POOLED = { prepare: false, max_pipeline: 0 } as const;

/**
 * Statements written on one connection before the first has answered (postgres.js's default: 100). A connection that
 * reaches the limit, or is reserved by a transaction, leaves the rotation until it has answered everything; a query
 * that finds every connection so is queued and taken only by a connection that has gone idle, while new queries
 * keep joining the deep pipelines ahead of it. At a crowd's first burst (`npm run bench:presale`, 200 requests at
 * once on 10 connections) some fans waited behind the whole wave: 4 to 11 s for an application whose median took
 * 0.4 s. Four keeps each connection short enough to go idle often (decision 0057).
 */
const MAX_PIPELINE = 4;

/** How many statements a pool of `max` connections takes at once before one waits in postgres.js's queue. */
export function statementsAtOnce(max: number, pooler?: Pooler | null): number {
  return max * (pooler === 'pgbouncer-transaction' ? 1 : MAX_PIPELINE);
}

/** postgres.js's options, with the one it reads but does not declare (max_pipeline, postgres.js 3.4). */
type ClientOptions = postgres.Options<Record<string, never>> & { max_pipeline?: number };

/**
 * Decided here for every query of the pool, whatever the caller asks: through a transaction-mode pooler a named
 * statement prepared on one server connection is missing (or another's) on the next, so postgres.js sends every
 * statement unnamed (`prepare: false` overrides a query's own `prepare`, drizzle's `.prepare()` included: the query
 * stays correct, it is only parsed each time). PgBouncer also refuses startup parameters it does not track
 * (statement_timeout and the others): the pooler sets those bounds on its server connections (connect_query).
 * Exported for its test.
 */
export function clientOptions(max: number, timeouts?: DbTimeouts, pooler?: Pooler | null): ClientOptions {
  const base = {
    max,
    onnotice: () => {},
    max_pipeline: MAX_PIPELINE,
    ...(pooler === 'pgbouncer-transaction' ? POOLED : {}),
  };
  if (!timeouts) return base;
  return {
    ...base,
    // postgres.js counts seconds; PostgreSQL takes the others as startup parameters, in milliseconds.
    connect_timeout: timeouts.connectMs / 1000,
    // postgres.js waits up to 20 s between reconnects after repeated failures (3^n / 100 s): a database back after
    // an outage would go unnoticed that long, and queries queued meanwhile wait with it. At most 1 s here.
    backoff: (retries: number) => Math.min(0.1 * 2 ** retries, 1),
    ...(pooler
      ? {}
      : {
          connection: {
            statement_timeout: timeouts.statementMs,
            lock_timeout: timeouts.lockMs,
            idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
          },
        }),
  };
}

/**
 * The process's one pool for this URL. The server entry and Next.js's layers hold separate copies of this module
 * (src/server/process-wide.ts), and must share the pool: the embedded database serves one session, and two
 * connections' statements would interleave there (docs/decisions/0012). One pool per process is also what
 * PostgreSQL wants.
 */
function sharedClient(url: string, max: number, timeouts?: DbTimeouts, pooler?: Pooler | null): postgres.Sql {
  const clients = processWide('db-pools', () => new Map<string, postgres.Sql>());
  let client = clients.get(url);
  if (!client) clients.set(url, (client = postgres(url, clientOptions(max, timeouts, pooler))));
  return client;
}

/**
 * A PostgreSQL server (or the embedded PGlite served over the wire by `npm start`). `shared`: the process's pool
 * for the URL, made by whichever copy of this module asks first.
 */
export function connectPostgres(url: string, options: ConnectOptions = {}): DbHandle {
  const max = options.max ?? 10;
  const client = options.shared
    ? sharedClient(url, max, options.timeouts, options.pooler)
    : postgres(url, clientOptions(max, options.timeouts, options.pooler));
  return {
    db: countingTransactions(drizzlePostgres(client, { schema, logger: queryCountLogger }) as unknown as Db),
    kind: 'postgres',
    close: () => client.end({ timeout: 5 }),
    // A transaction-mode pooler accepts LISTEN and then hands the connection on: nothing would ever be heard.
    ...(options.pooler === 'pgbouncer-transaction'
      ? {}
      : {
          listen: async (channel: string, onNotify: (payload: string) => void, onListen: () => void) => {
            await client.listen(channel, onNotify, onListen);
          },
        }),
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
    db: countingTransactions(drizzlePglite(pglite, { schema, logger: queryCountLogger }) as unknown as Db),
    kind: 'pglite',
    pglite,
    close: () => pglite.close(),
  };
}

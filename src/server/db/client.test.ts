import { describe, expect, it } from 'vitest';
import { appPoolOptions, directDatabase, parseEnv } from '@/server/env';
import { clientOptions, connectPostgres } from './client';

const POOLED = 'postgres://postgres@127.0.0.1:6433/fanclub';
const DIRECT = 'postgres://postgres@127.0.0.1:5432/fanclub';

describe('the app pool before PgBouncer in transaction mode (decision 0044)', () => {
  const env = parseEnv({
    DATABASE_URL: POOLED,
    DATABASE_POOLER: 'pgbouncer-transaction',
    DATABASE_DIRECT_URL: DIRECT,
  });
  const options = appPoolOptions(env);

  it('prepares no statement, sends no startup parameter and does not listen through the pooler', async () => {
    const client = clientOptions(options.max, options.timeouts, options.pooler);
    expect(client.prepare).toBe(false);
    // Nothing pipelined: PgBouncer 1.18 would drop the answers of a statement sent behind another.
    expect(client.max_pipeline).toBe(0);
    expect(client.connection).toBeUndefined();
    // The connection's own bound is the driver's, and stays.
    expect(client.connect_timeout).toBe(5);
    const handle = connectPostgres(POOLED, { ...options, shared: false });
    expect(handle.listen).toBeUndefined();
    await handle.close();
  });

  it('migrates, seeds and listens past the pooler, on DATABASE_DIRECT_URL', () => {
    expect(directDatabase(env)).toEqual({ url: DIRECT, pooler: null });
    // Without the direct way, through the pooler with its rules.
    expect(directDatabase({ ...env, DATABASE_DIRECT_URL: undefined })).toEqual({
      url: POOLED,
      pooler: 'pgbouncer-transaction',
    });
  });

  it('before PgBouncer in session mode (deploy/pgbouncer.ini): statements prepared, no startup parameter', async () => {
    const session = appPoolOptions(
      parseEnv({ DATABASE_URL: POOLED, DATABASE_POOLER: 'pgbouncer-session', DATABASE_DIRECT_URL: DIRECT }),
    );
    const client = clientOptions(session.max, session.timeouts, session.pooler);
    expect(client.prepare).toBeUndefined();
    // A short pipeline: a crowd's queries are not left behind deep ones (decision 0057).
    expect(client.max_pipeline).toBe(4);
    // PgBouncer refuses the bounds as startup parameters: its connect_query sets them.
    expect(client.connection).toBeUndefined();
    const handle = connectPostgres(POOLED, { ...session, shared: false });
    expect(handle.listen).toBeTypeOf('function');
    await handle.close();
  });

  it('straight to PostgreSQL: statements prepared, the bounds sent at connection, LISTEN on the pool', async () => {
    const direct = appPoolOptions(parseEnv({ DATABASE_URL: DIRECT }));
    const client = clientOptions(direct.max, direct.timeouts, direct.pooler);
    expect(client.prepare).toBeUndefined();
    // A short pipeline: a crowd's queries are not left behind deep ones (decision 0057).
    expect(client.max_pipeline).toBe(4);
    expect(client.connection).toEqual({
      statement_timeout: 5_000,
      lock_timeout: 2_000,
      idle_in_transaction_session_timeout: 10_000,
    });
    const handle = connectPostgres(DIRECT, { ...direct, shared: false });
    expect(handle.listen).toBeTypeOf('function');
    await handle.close();
  });
});

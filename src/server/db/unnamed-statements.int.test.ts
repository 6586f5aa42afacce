import net from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/server/env';
import { hasPgbouncer, startPgbouncer, type Pooler } from '../../../scripts/lib/pooler';

/**
 * scripts/patch-postgres.mjs, fix 3: with `prepare: false` (the pool's setting through PgBouncer in transaction mode,
 * client.ts) a statement's first run asks for its parameters' types (Parse, Describe, Flush; then Bind, Execute,
 * Sync), and each later run of the same text goes in one write: Parse with those types, Describe, Bind, Execute, Sync.
 * Checked through Debian's PgBouncer in transaction mode where the machine has it, on PostgreSQL directly otherwise.
 */
const POOLER_PORT = 6491;

/** A TCP relay before the server that counts what the client writes: one write per round trip. */
async function countingRelay(target: URL) {
  let writes = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.on('data', (chunk) => {
      writes++;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    writes: () => writes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!env.DATABASE_URL)('unnamed statements (prepare: false)', () => {
  let pooler: Pooler | null = null;
  let relay: Awaited<ReturnType<typeof countingRelay>>;
  let sql: postgres.Sql;

  beforeAll(async () => {
    const server = new URL(env.DATABASE_URL!);
    if (hasPgbouncer()) {
      pooler = await startPgbouncer({
        listenPort: POOLER_PORT,
        serverUrl: env.DATABASE_URL!,
        timeouts: { statementMs: 5_000, lockMs: 2_000, idleInTransactionMs: 10_000 },
      });
    }
    relay = await countingRelay(new URL(pooler ? pooler.urlOf(server.pathname.slice(1)) : server));
    // The pool's options through the pooler (client.ts POOLED), on one connection so that writes can be counted.
    sql = postgres(relay.url, {
      max: 1,
      prepare: false,
      onnotice: () => {},
      max_pipeline: 0,
    } as postgres.Options<Record<string, never>>);
    await sql`select 1`;
  }, 30_000);

  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    await relay?.close();
    await pooler?.stop();
  });

  const typed = (at: Date, n: number, label: string | null) =>
    sql<{ at: Date; n: number; label: string | null; doc: { n: number } }[]>`
      select ${at}::timestamptz as at, ${n}::int + 1 as n, ${label}::text as label,
             json_build_object('n', ${n}::int) as doc`;

  it('asks for the types once, then runs the same text in one round trip with the right answers', async () => {
    const before = relay.writes();
    const first = await typed(new Date('2026-11-27T12:00:00Z'), 41, 'a');
    const afterFirst = relay.writes();
    const second = await typed(new Date('2026-12-24T09:30:00Z'), 1, null);
    const third = await typed(new Date('2027-01-01T00:00:00Z'), -5, '当選');
    const afterThird = relay.writes();

    expect(afterFirst - before).toBe(2);
    expect(afterThird - afterFirst).toBe(2);
    expect(first[0]).toEqual({ at: new Date('2026-11-27T12:00:00Z'), n: 42, label: 'a', doc: { n: 41 } });
    expect(second[0]).toEqual({ at: new Date('2026-12-24T09:30:00Z'), n: 2, label: null, doc: { n: 1 } });
    expect(third[0]).toEqual({ at: new Date('2027-01-01T00:00:00Z'), n: -4, label: '当選', doc: { n: -5 } });
  });

  it('keeps each statement to its own transaction through the pooler: one in a transaction sees its own writes', async () => {
    const rows = await sql.begin(async (tx) => {
      await tx`create temporary table unnamed_check (n int) on commit drop`;
      for (const n of [1, 2, 3]) await tx`insert into unnamed_check values (${n})`;
      return tx<{ total: number }[]>`select sum(n)::int as total from unnamed_check where n >= ${1}`;
    });
    expect(rows[0]!.total).toBe(6);
  });
});

describe.skipIf(!env.DATABASE_URL || !hasPgbouncer())(
  'PgBouncer as deployed (session mode, decision 0055)',
  () => {
    it('keeps a client’s statements prepared, and hands the next client its connection with the bounds still set', async () => {
      const pooler = await startPgbouncer({
        listenPort: POOLER_PORT + 1,
        serverUrl: env.DATABASE_URL!,
        timeouts: { statementMs: 4_321, lockMs: 2_000, idleInTransactionMs: 10_000 },
      });
      const url = pooler.urlOf(new URL(env.DATABASE_URL!).pathname.slice(1));
      const open = () =>
        postgres(url, { max: 1, onnotice: () => {}, fetch_types: false } as postgres.Options<
          Record<string, never>
        >);
      try {
        const first = open();
        const backend = async (sql: postgres.Sql) =>
          (await sql<{ pid: number }[]>`select pg_backend_pid() as pid where ${1}::int = 1`)[0]!.pid;
        const pid = await backend(first);
        // Prepared once, run again on the same server connection: statements survive between transactions.
        expect(await backend(first)).toBe(pid);
        const [prepared] = await first<
          { n: number }[]
        >`select count(*)::int as n from pg_prepared_statements`;
        expect(prepared!.n).toBeGreaterThanOrEqual(1);
        await first.end({ timeout: 5 });

        const second = open();
        const [state] = await second.unsafe<{ timeout: string; pid: number; left: number }[]>(
          `select current_setting('statement_timeout') as timeout, pg_backend_pid() as pid,
                (select count(*)::int from pg_prepared_statements) as left`,
        );
        // The same server connection, cleared of the first client's statements, its bounds still set.
        expect(state).toEqual({ timeout: '4321ms', pid, left: 0 });
        await second.end({ timeout: 5 });
      } finally {
        await pooler.stop();
      }
    }, 30_000);
  },
);

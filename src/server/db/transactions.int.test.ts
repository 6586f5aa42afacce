import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { env } from '@/server/env';

/**
 * postgres.js 3.4.9 can send a transaction's BEGIN without reserving its connection when the connection's pipeline
 * is full or its socket pushes back (porsager/postgres#823, #1189): the transaction fails with UNSAFE_TRANSACTION, and
 * the connection, still inside the transaction on the server, goes back to the pool for unrelated queries.
 * scripts/patch-postgres.mjs applies the proposed fix (porsager/postgres#1207, #1218); this is its reproduction.
 */
describe.skipIf(!env.DATABASE_URL)('sql.begin on a busy pool', () => {
  it('reserves every transaction its connection, and runs no other query inside one', async () => {
    // A small pool and a short pipeline: the boundary the bug needs is reached in every round.
    // max_pipeline is an option of postgres.js that its types do not declare.
    const options = { max: 3, max_pipeline: 2, onnotice: () => {} } as postgres.Options<
      Record<string, never>
    >;
    const sql = postgres(env.DATABASE_URL!, options);
    try {
      for (let round = 0; round < 10; round++) {
        // Each connection busy, with one more query in its pipeline: a BEGIN given to it next fills the pipeline.
        // (A query is sent when it is executed or awaited: `execute()` sends these in this order.)
        const busy = [0, 1, 2].map(() => sql`select pg_sleep(0.05)`.execute());
        // Outside any transaction, no transaction id has been given to the session.
        const outside = () =>
          sql<{ tx: string | null }[]>`select txid_current_if_assigned()::text as tx`.execute();
        const plain = [outside(), outside(), outside()];
        const transactions = Array.from({ length: 5 }, () =>
          sql.begin(async (tx) => {
            await tx`select txid_current()`;
            await tx`select pg_sleep(0.01)`;
            return 'committed';
          }),
        );
        plain.push(outside(), outside(), outside());
        const results = await Promise.allSettled([...busy, ...plain, ...transactions]);
        const failures = results.flatMap((result) =>
          result.status === 'rejected' ? [String(result.reason)] : [],
        );
        expect(failures, `round ${round}`).toEqual([]);
        for (const rows of await Promise.all(plain)) expect(rows[0]!.tx).toBeNull();
      }
    } finally {
      await sql.end({ timeout: 5 });
    }
  }, 60_000);
});

/**
 * A transaction whose connection the server ends while its callback awaits other work (a crash, or
 * idle_in_transaction_session_timeout while a provider answers): postgres.js rejects `begin()`, but the callback goes
 * on, and its later statements went to the reconnected connection, outside the transaction, with its COMMIT; the
 * first query after the reconnect could also receive the old backend's fatal error (porsager/postgres#1186, #1215).
 * Patch 4 of scripts/patch-postgres.mjs; this is its reproduction.
 */
describe.skipIf(!env.DATABASE_URL)('sql.begin when the server ends its connection', () => {
  it('refuses the rest of the callback, writes none of it, and leaves the pool clean', async () => {
    const sql = postgres(env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const admin = postgres(env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const table = `tx_lost_${process.pid}`;
    try {
      await admin.unsafe(`create table ${table} (n int)`);
      // What the callback's later statement came to, once the callback has gone on past the close.
      let later!: (outcome: string) => void;
      const laterOutcome = new Promise<string>((resolve) => (later = resolve));
      const outcome = await sql
        .begin(async (tx) => {
          const [backend] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
          await tx.unsafe(`insert into ${table} values (1)`);
          // The provider's answer is awaited here; meanwhile the server ends the session.
          await admin`select pg_terminate_backend(${backend!.pid})`;
          await new Promise((resolve) => setTimeout(resolve, 300));
          later(
            await tx.unsafe(`insert into ${table} values (2)`).then(
              () => 'written',
              (error: unknown) => String((error as { code?: string }).code),
            ),
          );
        })
        .then(
          () => 'committed',
          (error: unknown) => (error as { code?: string }).code,
        );
      expect(outcome).toBe('CONNECTION_CLOSED');
      expect(await laterOutcome).toBe('CONNECTION_CLOSED');
      // The pool's one connection answers the next query itself, outside any transaction.
      const [row] = await sql<{ tx: string | null }[]>`select txid_current_if_assigned()::text as tx`;
      expect(row!.tx).toBeNull();
      expect(await admin.unsafe(`select n from ${table}`)).toEqual([]);
    } finally {
      await admin.unsafe(`drop table if exists ${table}`);
      await sql.end({ timeout: 5 });
      await admin.end({ timeout: 5 });
    }
  }, 30_000);
});

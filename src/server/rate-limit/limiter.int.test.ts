import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/server/env';
import { connectPostgres } from '@/server/db/client';
import { createTestDb } from '@/test/db';
import { AppError } from '@/lib/errors';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import { RATE_LIMITS } from '@/server/rate-limit/limits';

/** The limits' counting on a real database (PGlite, and PostgreSQL in the second pass), at their real numbers. */
let handle: Awaited<ReturnType<typeof createTestDb>>;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.drop());

const allowance = RATE_LIMITS['unsubscribe:address'].points;

async function outcome(promise: Promise<void>): Promise<'ok' | number> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') return error.retryAfterSeconds!;
    throw error;
  }
}

describe('rate limits', () => {
  it('let the allowance through, then refuse with 429 and the seconds left in the window; other keys go on', async () => {
    for (let i = 0; i < allowance; i += 1) {
      expect(
        await outcome(consumeRateLimit(handle.db, 'unsubscribe:address', '192.0.2.1', { scale: 1 })),
      ).toBe('ok');
    }
    const refused = await outcome(
      consumeRateLimit(handle.db, 'unsubscribe:address', '192.0.2.1', { scale: 1 }),
    );
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(RATE_LIMITS['unsubscribe:address'].seconds);
    expect(await outcome(consumeRateLimit(handle.db, 'unsubscribe:address', '192.0.2.2', { scale: 1 }))).toBe(
      'ok',
    );
    // Another limit on the same key counts apart.
    expect(await outcome(consumeRateLimit(handle.db, 'signup:address', '192.0.2.1', { scale: 1 }))).toBe(
      'ok',
    );
  });

  it('start a window again once it has ended, counting from one', async () => {
    const start = new Date('2026-01-10T10:00:00Z');
    const { seconds } = RATE_LIMITS['unsubscribe:address'];
    const at = (ms: number) => new Date(start.getTime() + ms);
    const consume = (when: Date) =>
      outcome(consumeRateLimit(handle.db, 'unsubscribe:address', '192.0.2.50', { scale: 1 }, when));
    for (let i = 0; i < allowance; i += 1) expect(await consume(start)).toBe('ok');
    // A second before the end: refused, with that second left.
    expect(await consume(at(seconds * 1000 - 1000))).toBe(1);
    // At the end the window starts again: the whole allowance once more, then refused for a whole window.
    for (let i = 0; i < allowance; i += 1) expect(await consume(at(seconds * 1000))).toBe('ok');
    expect(await consume(at(seconds * 1000))).toBe(seconds);
  });

  it('count exactly under a rush: of many requests at once, the allowance passes and no more', async () => {
    const results = await Promise.all(
      Array.from({ length: allowance + 20 }, () =>
        outcome(consumeRateLimit(handle.db, 'unsubscribe:address', '198.51.100.7', { scale: 1 })),
      ),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(allowance);
  });

  it.skipIf(!env.DATABASE_URL)(
    'are shared by every instance: a second pool sees the first one’s counts',
    async () => {
      const url = new URL(env.DATABASE_URL!);
      // createTestDb made a database of its own; the second pool joins the same one.
      const [row] = (await handle.db.execute('select current_database() as name')) as unknown as {
        name: string;
      }[];
      url.pathname = `/${row!.name}`;
      const other = connectPostgres(url.toString(), { max: 2 });
      try {
        for (let i = 0; i < allowance; i += 1) {
          const db = i % 2 ? other.db : handle.db;
          expect(
            await outcome(consumeRateLimit(db, 'unsubscribe:address', '203.0.113.9', { scale: 1 })),
          ).toBe('ok');
        }
        expect(
          await outcome(consumeRateLimit(other.db, 'unsubscribe:address', '203.0.113.9', { scale: 1 })),
        ).not.toBe('ok');
      } finally {
        await other.close();
      }
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sites } from '@/server/db/schema';
import { createTestDb } from '@/test/db';
import { seedDemo } from './seed';

let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.drop();
});

describe('demo seed', () => {
  it('writes both demo sites and duplicates nothing when run again', async () => {
    expect((await seedDemo(handle.db)).map((site) => site.slug)).toEqual(['mio', 'second']);
    await seedDemo(handle.db);
    const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(sites);
    expect(row?.n).toBe(2);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteFileSchema } from '@/features/site/import-schema';
import { upsertSite } from '@/features/site/server/repository';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';

let handle: Awaited<ReturnType<typeof createTestDb>>;
const getDb = vi.fn(async () => handle.db);
vi.mock('@/server/db', () => ({ getDb }));
const { isKnownHost } = await import('@/features/site/server/known-hosts');

beforeAll(async () => {
  handle = await createTestDb();
  await upsertSite(handle.db, siteFileSchema.parse(demoSiteFile('second')));
});
afterAll(async () => {
  await handle.drop();
});

describe('isKnownHost', () => {
  it('answers from the database once per host and then from its cache, unknown hosts included', async () => {
    const now = 1_000_000;
    expect(await isKnownHost('second.localhost', now)).toBe(true);
    expect(await isKnownHost('evil.example', now)).toBe(false);
    expect(getDb).toHaveBeenCalledTimes(2);
    expect(await isKnownHost('second.localhost', now + 5_000)).toBe(true);
    expect(await isKnownHost('evil.example', now + 5_000)).toBe(false);
    expect(getDb).toHaveBeenCalledTimes(2);
  });

  it('sees a new site once the cache entry expires', async () => {
    const now = 2_000_000;
    expect(await isKnownHost('localhost', now)).toBe(false);
    await upsertSite(handle.db, siteFileSchema.parse(demoSiteFile('mio')));
    expect(await isKnownHost('localhost', now + 1_000)).toBe(false);
    expect(await isKnownHost('localhost', now + 11_000)).toBe(true);
  });
});

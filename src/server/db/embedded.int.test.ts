import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connectPostgres } from '@/server/db/client';
import { findRunningEmbeddedDb, startEmbeddedDb } from '@/server/db/embedded';
import { runMigrations } from '@/server/db/migrate';
import { sites } from '@/server/db/schema';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('embedded database', () => {
  it('serves PGlite over the wire, persists across restarts and refuses a second server', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fc-embedded-'));
    dirs.push(dataDir);

    const first = await startEmbeddedDb(dataDir);
    expect(await findRunningEmbeddedDb(dataDir)).toBe(first.url);
    await expect(startEmbeddedDb(dataDir)).rejects.toThrow(/already served/);
    const client = connectPostgres(first.url, { max: 1 });
    await runMigrations(client);
    await client.db.insert(sites).values({ slug: 'persisted', config: {} as never });
    await client.close();
    await first.stop();
    expect(await findRunningEmbeddedDb(dataDir)).toBeNull();

    const second = await startEmbeddedDb(dataDir);
    const again = connectPostgres(second.url, { max: 1 });
    const rows = await again.db
      .select({ slug: sites.slug })
      .from(sites)
      .where(sql`slug = 'persisted'`);
    expect(rows).toEqual([{ slug: 'persisted' }]);
    await again.close();
    await second.stop();
  });
});

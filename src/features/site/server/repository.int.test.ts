import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isAppError } from '@/lib/errors';
import { env } from '@/server/env';
import { siteDocuments, siteHosts, sites } from '@/server/db/schema';
import { siteFileSchema, type SiteFile } from '@/features/site/import-schema';
import { findLegalDocument, findSiteByHost, upsertSite } from '@/features/site/server/repository';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';

let handle: Awaited<ReturnType<typeof createTestDb>>;
const site = (name: 'mio' | 'second'): SiteFile => siteFileSchema.parse(demoSiteFile(name));
const count = async (table: typeof sites | typeof siteHosts | typeof siteDocuments) =>
  (await handle.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.drop();
});
beforeEach(async () => {
  await handle.db.delete(sites);
});

describe(`site repository (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('stores a site and finds it by each of its hosts, and by no other', async () => {
    const { site: mio, created } = await upsertSite(handle.db, site('mio'));
    expect(created).toBe(true);
    for (const host of ['localhost', '127.0.0.1', 'mio.localhost']) {
      expect((await findSiteByHost(handle.db, host))?.id).toBe(mio.id);
    }
    expect(await findSiteByHost(handle.db, 'second.localhost')).toBeNull();
    expect(await findSiteByHost(handle.db, 'unknown.example')).toBeNull();
  });

  it('is idempotent: the same file twice changes nothing', async () => {
    await upsertSite(handle.db, site('mio'));
    await upsertSite(handle.db, site('second'));
    const again = await upsertSite(handle.db, site('mio'));
    expect(again.created).toBe(false);
    expect([await count(sites), await count(siteHosts), await count(siteDocuments)]).toEqual([2, 4, 8]);
  });

  it('updates configuration and hosts in place', async () => {
    const first = await upsertSite(handle.db, site('second'));
    const changed = site('second');
    changed.config.SERVICE_NAME = 'PASSENGERS 2027';
    changed.hosts = ['passengers.example.jp'];
    const second = await upsertSite(handle.db, changed);
    expect(second.site.id).toBe(first.site.id);
    expect(await findSiteByHost(handle.db, 'second.localhost')).toBeNull();
    expect((await findSiteByHost(handle.db, 'passengers.example.jp'))?.config.SERVICE_NAME).toBe(
      'PASSENGERS 2027',
    );
  });

  it("refuses another site's host and writes nothing of the refused file", async () => {
    await upsertSite(handle.db, site('mio'));
    const thief = site('second');
    thief.hosts = ['second.localhost', 'localhost'];
    const error = await upsertSite(handle.db, thief).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('HOST_TAKEN');
    expect(await count(sites)).toBe(1);
    expect(await findSiteByHost(handle.db, 'second.localhost')).toBeNull();
  });

  it("keeps each site's legal pages to itself", async () => {
    const { site: mio } = await upsertSite(handle.db, site('mio'));
    const { site: second } = await upsertSite(handle.db, site('second'));
    const mioAsct = await findLegalDocument(handle.db, mio.id, 'asct');
    const secondAsct = await findLegalDocument(handle.db, second.id, 'asct');
    expect(mioAsct?.items[0]?.text).toBe('株式会社サクラミュージック');
    expect(secondAsct?.items[0]?.text).toBe('株式会社ナイトトレイン・レコーズ');
  });

  it('refuses to serve a row whose configuration no longer validates', async () => {
    const { site: mio } = await upsertSite(handle.db, site('mio'));
    await handle.db.execute(sql`update sites set config = config - 'FC_SERVER_CELL' where id = ${mio.id}`);
    await expect(findSiteByHost(handle.db, 'localhost')).rejects.toThrow(/FC_SERVER_CELL/);
  });
});

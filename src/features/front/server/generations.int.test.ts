import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { env } from '@/server/env';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { upsertSite, type Site } from '@/features/site/server';
import { createItem } from '@/features/content/server';
import {
  bumpPageCacheGeneration,
  listenForPageCacheChanges,
  readNextPublications,
  readPageCacheGenerations,
} from '@/features/front/server/generations';

/** How instances hear of a site's change (NOTIFY on PostgreSQL) and when a scheduled item makes pages old. */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
});
afterAll(async () => handle?.drop());

describe('page-cache generations', () => {
  it('moves on with each change', async () => {
    const before = (await readPageCacheGenerations(handle.db)).get(mio.id) ?? 0;
    expect(await bumpPageCacheGeneration(handle.db, mio.id)).toBe(before + 1);
    expect((await readPageCacheGenerations(handle.db)).get(mio.id)).toBe(before + 1);
  });

  it.skipIf(!env.DATABASE_URL)('are announced to every connection that listens (PostgreSQL)', async () => {
    if (!handle.listen) throw new Error('a PostgreSQL handle listens');
    const heard = vi.fn();
    expect(await listenForPageCacheChanges(handle.db, handle.listen, heard)).toBe(true);
    heard.mockClear();
    // The announcement goes out when the change commits, not before.
    await handle.db.transaction(async (tx) => {
      await bumpPageCacheGeneration(tx as unknown as typeof handle.db, mio.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).not.toHaveBeenCalled();
    });
    await vi.waitFor(() => expect(heard).toHaveBeenCalled(), { timeout: 1_000 });
  });

  it('says "poll" where nothing can be heard', async () => {
    expect(await listenForPageCacheChanges(handle.db, undefined, () => {})).toBe(false);
  });

  it("knows each site's next scheduled publication", async () => {
    const at = new Date(Date.now() + 3_600_000);
    const item = {
      section: 'news' as const,
      title: '予約投稿',
      teaser: '',
      bodyHtml: '<p>x</p>',
      state: 'published' as const,
    };
    await createItem(handle.db, mio.id, { ...item, publishedAt: new Date(Date.now() - 1_000) });
    await createItem(handle.db, mio.id, { ...item, publishedAt: new Date(at.getTime() + 60_000) });
    await createItem(handle.db, mio.id, { ...item, publishedAt: at });
    await createItem(handle.db, mio.id, {
      ...item,
      state: 'draft',
      publishedAt: new Date(Date.now() + 60_000),
    });
    expect((await readNextPublications(handle.db)).get(mio.id)?.toISOString()).toBe(at.toISOString());
    expect((await readNextPublications(handle.db, new Date(at.getTime() + 1))).get(mio.id)).toEqual(
      new Date(at.getTime() + 60_000),
    );
  });

  it("knows when a presale's window opens and closes: its state and LIVE badge change then", async () => {
    const opens = new Date(Date.now() + 600_000);
    const closes = new Date(opens.getTime() + 86_400_000);
    await createItem(handle.db, mio.id, {
      section: 'ticket',
      title: '先行受付',
      teaser: '',
      bodyHtml: '<p>x</p>',
      state: 'published',
      publishedAt: new Date(Date.now() - 1_000),
      ticket: { performances: [], applyFrom: opens.toISOString(), applyUntil: closes.toISOString() },
    });
    expect((await readNextPublications(handle.db)).get(mio.id)).toEqual(opens);
    // Once every other scheduled moment has passed, the window's close is what comes next.
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect((await readNextPublications(handle.db, later)).get(mio.id)).toEqual(closes);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { media } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { createItem } from '@/features/content/server/write';
import { findItem, latestOf, listSection } from '@/features/content/server/items';
import type { ViewerLevel } from '@/features/content/types';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
const ids: Record<string, string> = {};
const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const ctx = (site: Site, viewer: ViewerLevel) => ({ site, viewer, now });

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  const add = async (key: string, site: Site, input: Parameters<typeof createItem>[2]) => {
    ids[key] = (await createItem(handle.db, site.id, { state: 'published', ...input })).id;
  };
  await add('news', mio, {
    section: 'news',
    title: 'お知らせ',
    bodyHtml: '<p>NEWS-BODY</p>',
    publishedAt: daysAgo(1),
  });
  await add('blog', mio, {
    section: 'blog',
    title: 'ブログ',
    teaser: '続きは会員ページで',
    bodyHtml: '<p>SECRET-BODY</p>',
    publishedAt: daysAgo(2),
  });
  await add('open', mio, {
    section: 'blog',
    title: '公開ブログ',
    bodyHtml: '<p>OPEN-BODY</p>',
    openToAll: true,
    publishedAt: daysAgo(3),
  });
  await add('ticket', mio, {
    section: 'ticket',
    title: '先行',
    bodyHtml: '<p>HOW-TO</p>',
    presale: { code: 'SECRET-CODE' },
    ticket: {
      performances: [{ startsAt: daysAgo(-30).toISOString(), venue: '日本武道館' }],
      applyFrom: daysAgo(1).toISOString(),
      applyUntil: daysAgo(-2).toISOString(),
    },
    publishedAt: daysAgo(4),
  });
  await add('scheduled', mio, { section: 'news', title: '予約投稿', publishedAt: daysAgo(-1) });
  await add('draft', mio, { section: 'news', title: '下書き', state: 'draft', publishedAt: daysAgo(1) });
  await add('secondNews', second, { section: 'news', title: '他サイト', publishedAt: daysAgo(1) });
  await handle.db.insert(media).values({
    siteId: mio.id,
    itemId: ids.blog!,
    kind: 'image',
    role: 'cover',
    fileName: 'SECRET-FILE.jpg',
    contentType: 'image/jpeg',
    byteSize: 10,
    width: 1600,
    height: 1000,
    variants: [{ name: 'w640', key: 'k', contentType: 'image/webp', byteSize: 5, width: 640, height: 400 }],
  });
});
afterAll(async () => handle?.drop());

describe('gating', () => {
  it.each<ViewerLevel>(['visitor', 'guest'])(
    'gives a %s the title, date and teaser of a premium item, nothing else',
    async (viewer) => {
      const item = await findItem(handle.db, ctx(mio, viewer), 'blog', ids.blog!);
      expect(item).toMatchObject({
        locked: true,
        title: 'ブログ',
        teaser: '続きは会員ページで',
        cover: null,
      });
      expect(JSON.stringify(item)).not.toMatch(/SECRET|media/);
      const ticket = await findItem(handle.db, ctx(mio, viewer), 'ticket', ids.ticket!);
      expect(JSON.stringify(ticket)).not.toMatch(/SECRET|HOW-TO/);
      expect(ticket).toMatchObject({ locked: true, live: true });
    },
  );

  it('gives a premium member everything', async () => {
    const item = await findItem(handle.db, ctx(mio, 'premium'), 'blog', ids.blog!);
    expect(item).toMatchObject({ locked: false, bodyHtml: '<p>SECRET-BODY</p>' });
    expect(item?.cover?.src).toMatch(/^\/media\/s\//);
    const ticket = await findItem(handle.db, ctx(mio, 'premium'), 'ticket', ids.ticket!);
    expect(ticket).toMatchObject({ locked: false, presale: { code: 'SECRET-CODE' } });
  });

  it('opens an item opened to everyone, and a guest section, to a visitor', async () => {
    expect(await findItem(handle.db, ctx(mio, 'visitor'), 'blog', ids.open!)).toMatchObject({
      locked: false,
      bodyHtml: '<p>OPEN-BODY</p>',
    });
    expect(await findItem(handle.db, ctx(mio, 'visitor'), 'news', ids.news!)).toMatchObject({
      locked: false,
    });
  });

  it('shows no cover of a premium item in a visitor’s list, and the cover to a premium member', async () => {
    const visitor = await listSection(handle.db, ctx(mio, 'visitor'), 'blog');
    expect(visitor.items.map((item) => [item.title, item.locked, item.cover])).toEqual([
      ['ブログ', true, null],
      ['公開ブログ', false, null],
    ]);
    const premium = await listSection(handle.db, ctx(mio, 'premium'), 'blog');
    expect(premium.items[0]?.cover).not.toBeNull();
  });

  it("shows a gallery's first photo as its cover in a list", async () => {
    const { id } = await createItem(handle.db, mio.id, {
      section: 'photo',
      title: 'ギャラリー',
      state: 'published',
      publishedAt: daysAgo(5),
    });
    const photo = (fileName: string, position: number) => ({
      siteId: mio.id,
      itemId: id,
      kind: 'image' as const,
      role: 'gallery' as const,
      position,
      fileName,
      contentType: 'image/jpeg',
      byteSize: 10,
      width: 1200,
      height: 1200,
      variants: [
        {
          name: 'w640',
          key: `k-${position}`,
          contentType: 'image/webp',
          byteSize: 5,
          width: 640,
          height: 640,
        },
      ],
    });
    const [, first] = await handle.db
      .insert(media)
      .values([photo('b.jpg', 2), photo('a.jpg', 1)])
      .returning();
    const page = await listSection(handle.db, ctx(mio, 'premium'), 'photo');
    const token = page.items[0]!.cover!.src.split('/media/s/')[1]!;
    const signed = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { m: string };
    expect(signed.m).toBe(first!.id);
    expect((await listSection(handle.db, ctx(mio, 'visitor'), 'photo')).items[0]?.cover).toBeNull();
  });

  it('keeps drafts, scheduled items and other sites’ items out of lists and pages', async () => {
    const news = await listSection(handle.db, ctx(mio, 'premium'), 'news');
    expect(news.items.map((item) => item.title)).toEqual(['お知らせ']);
    for (const key of ['scheduled', 'draft']) {
      expect(await findItem(handle.db, ctx(mio, 'premium'), 'news', ids[key]!)).toBeNull();
    }
    expect(await findItem(handle.db, ctx(mio, 'premium'), 'news', ids.secondNews!)).toBeNull();
    expect(await findItem(handle.db, ctx(second, 'premium'), 'news', ids.news!)).toBeNull();
    expect(await findItem(handle.db, ctx(mio, 'premium'), 'blog', ids.news!)).toBeNull();
    expect(await findItem(handle.db, ctx(mio, 'premium'), 'news', 'not-a-uuid')).toBeNull();
  });

  it('refuses a section the site does not offer', async () => {
    await expect(listSection(handle.db, ctx(second, 'premium'), 'movie')).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('pages', () => {
  it('walk a list with stable cursors, also while new items are published', async () => {
    const site = (
      await upsertSite(handle.db, { ...demoSiteFile('second'), slug: 'paging', hosts: ['paging.localhost'] })
    ).site;
    for (let n = 0; n < 25; n += 1) {
      await createItem(handle.db, site.id, {
        section: 'news',
        title: `記事${n}`,
        state: 'published',
        publishedAt: daysAgo(30 - n),
      });
    }
    const first = await listSection(handle.db, ctx(site, 'visitor'), 'news', { limit: 10 });
    await createItem(handle.db, site.id, {
      section: 'news',
      title: '新着',
      state: 'published',
      publishedAt: daysAgo(0),
    });
    const secondPage = await listSection(handle.db, ctx(site, 'visitor'), 'news', {
      limit: 10,
      cursor: first.nextCursor,
    });
    const last = await listSection(handle.db, ctx(site, 'visitor'), 'news', {
      limit: 10,
      cursor: secondPage.nextCursor,
    });
    const titles = [...first.items, ...secondPage.items, ...last.items].map((item) => item.title);
    expect(titles).toEqual(Array.from({ length: 25 }, (_, n) => `記事${24 - n}`));
    expect(last.nextCursor).toBeNull();
  });

  it('refuses a made-up cursor with 400', async () => {
    await expect(
      listSection(handle.db, ctx(mio, 'visitor'), 'news', { cursor: 'garbage' }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('latestOf (the top page)', () => {
  it('gives each section its newest visible items, covers only to who may open them, in two round trips', async () => {
    const { countQueries } = await import('@/server/db/query-count');
    const count = { queries: 0 };
    const latest = await countQueries(count, () =>
      latestOf(handle.db, ctx(mio, 'premium'), ['news', 'blog', 'ticket'], 1),
    );
    expect(count.queries).toBe(2);
    expect(latest.get('news')?.map((item) => item.id)).toEqual([ids.news]);
    expect(latest.get('blog')?.map((item) => item.id)).toEqual([ids.blog]);
    expect(latest.get('blog')?.[0]?.cover).not.toBeNull();
    expect(latest.get('ticket')?.map((item) => item.id)).toEqual([ids.ticket]);

    const two = await latestOf(handle.db, ctx(mio, 'visitor'), ['blog'], 2);
    expect(two.get('blog')?.map((item) => [item.id, item.locked, item.cover])).toEqual([
      [ids.blog, true, null],
      [ids.open, false, null],
    ]);
  });
});

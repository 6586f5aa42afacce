import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { upsertSite, type Site } from '@/features/site/server';
import { createItem, updateItem } from '@/features/content/server/write';
import { findItem } from '@/features/content/server/items';
import { ItemCard } from '@/features/content/components/item-card';

/**
 * A title or teaser is text: stored as typed and escaped once by whatever writes it out (issue 20). Before, the
 * stored value already held `&gt;`, which every output escaped again: `A &gt; B` on the page, in <title> and feeds.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
// Hoisted with the mock: the site entry loads modules that read '@/server/db' as they are imported.
const { getDb } = vi.hoisted(() => ({ getDb: vi.fn(async () => handle.db) }));
vi.mock('@/server/db', () => ({ getDb }));
// The app's Link needs a mounted router; a plain anchor draws the same text.
vi.mock('@/components/ui/link', () => ({
  Link: ({ href, children }: { href: string; children: ReactNode }) => createElement('a', { href }, children),
}));
const { feedXml, sitemapXml } = await import('@/features/content/server/feeds');

const TITLE = 'A > B & C < D';
const TEASER = '"引用" & \'予告\' <3';
let mio: Site;
let id: string;
const now = new Date();

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  ({ id } = await createItem(handle.db, mio.id, {
    section: 'news',
    title: 'placeholder',
    state: 'published',
    publishedAt: new Date(now.getTime() - 60_000),
  }));
  // Through an update too: both ways in store text the same.
  await updateItem(handle.db, mio.id, id, { title: TITLE, teaser: TEASER });
});
afterAll(async () => handle?.drop());

describe('a title with < > & in it', () => {
  it('is stored and read back exactly as typed: what <title> and the meta tags get', async () => {
    const item = await findItem(handle.db, { site: mio, viewer: 'visitor', now }, 'news', id);
    expect(item?.title).toBe(TITLE);
    expect(item?.teaser).toBe(TEASER);
  });

  it('shows exactly that on the page (React escapes it once)', async () => {
    const item = (await findItem(handle.db, { site: mio, viewer: 'visitor', now }, 'news', id))!;
    const html = renderToStaticMarkup(createElement(ItemCard, { item }));
    expect(html).toContain('A &gt; B &amp; C &lt; D');
    expect(html).not.toContain('&amp;gt;');
    expect(html).not.toContain('&amp;lt;');
  });

  it('is escaped once in the feed', async () => {
    const xml = await feedXml(mio, 'https://fc.example');
    expect(xml).toContain('<title>A &gt; B &amp; C &lt; D</title>');
    expect(xml).toContain("<description>&quot;引用&quot; &amp; '予告' &lt;3</description>");
    expect(xml).not.toMatch(/&amp;(?:gt|lt|amp|quot);/);
  });

  it('leaves the sitemap well-formed: addresses only, nothing escaped twice', async () => {
    const xml = await sitemapXml(mio, 'https://fc.example');
    expect(xml).toContain(`<loc>https://fc.example/news/${id}</loc>`);
    expect(xml).not.toContain(TITLE);
    expect(xml).not.toMatch(/&amp;(?:gt|lt|amp|quot);/);
  });
});

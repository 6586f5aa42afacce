import { describe, expect, it, vi } from 'vitest';
import { PageCache, isCachedPage } from '@/features/front/server/page-cache';
import type { Rendering } from '@/features/front/server/rendering';

const SITE = 'site-a';
const OTHER = 'site-b';

function rendering(body: string, extra: Partial<Rendering & { setsCookie: boolean }> = {}) {
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 's-maxage=30' },
    body: Buffer.from(body),
    setsCookie: false,
    ...extra,
  };
}

const cache = (maxBytes = 1_000_000) => new PageCache({ freshMs: 1_000, staleMs: 5_000, maxBytes });

describe('PageCache', () => {
  it('renders a page once and serves it from memory while fresh, with its gzip form and ETag', async () => {
    const pages = cache();
    const render = vi.fn(async () => rendering('<p>top</p>'));
    const first = await pages.get('k', SITE, render, 0);
    const second = await pages.get('k', SITE, render, 500);
    expect(render).toHaveBeenCalledTimes(1);
    expect([first.state, second.state]).toEqual(['miss', 'hit']);
    expect(isCachedPage(second.page) && second.page.gzipped.length > 0 && second.page.etag).toBeTruthy();
  });

  it('renders a cold page once for a rush of concurrent requests', async () => {
    const pages = cache();
    let release!: () => void;
    const render = vi.fn(
      () => new Promise<ReturnType<typeof rendering>>((resolve) => (release = () => resolve(rendering('x')))),
    );
    const waiting = Array.from({ length: 50 }, () => pages.get('k', SITE, render));
    release();
    const answers = await Promise.all(waiting);
    expect(render).toHaveBeenCalledTimes(1);
    expect(answers.every((answer) => answer.page.body.toString() === 'x')).toBe(true);
  });

  it('serves a stale page while rendering it again once, and renders before answering when too old', async () => {
    const pages = cache();
    const render = vi.fn(async () => rendering(`v${render.mock.calls.length}`));
    await pages.get('k', SITE, render, 0);
    const stale = await pages.get('k', SITE, render, Date.now() + 2_000);
    expect(stale.state).toBe('stale');
    expect(stale.page.body.toString()).toBe('v1');
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(2));
    const old = await pages.get('k', SITE, render, Date.now() + 10_000);
    expect(old.state).toBe('miss');
  });

  it("drops only the changed site's pages when its generation moves, and ignores an older generation", async () => {
    const pages = cache();
    const render = vi.fn(async () => rendering('page'));
    await pages.get('a', SITE, render, 0);
    await pages.get('b', OTHER, render, 0);
    expect(pages.siteChanged(SITE, 3)).toBe(true);
    expect(pages.siteChanged(SITE, 2)).toBe(false);
    expect((await pages.get('a', SITE, render, 100)).state).toBe('miss');
    expect((await pages.get('b', OTHER, render, 100)).state).toBe('hit');
  });

  it('does not keep a page rendered before a change of its site (it may be stale)', async () => {
    const pages = cache();
    let release!: () => void;
    const slow = () =>
      new Promise<ReturnType<typeof rendering>>((resolve) => (release = () => resolve(rendering('old'))));
    const inFlight = pages.get('k', SITE, slow, 0);
    pages.siteChanged(SITE, 1);
    release();
    expect((await inFlight).page.body.toString()).toBe('old');
    const after = await pages.get('k', SITE, async () => rendering('new'), 10);
    expect([after.state, after.page.body.toString()]).toEqual(['miss', 'new']);
  });

  it("drops a site's pages without a new generation (a scheduled item's time), and not a rendering begun before", async () => {
    const pages = cache();
    await pages.get('a', SITE, async () => rendering('before'), 0);
    let release!: () => void;
    const inFlight = pages.get(
      'b',
      SITE,
      () => new Promise((resolve) => (release = () => resolve(rendering('old')))),
      0,
    );
    pages.dropSite(SITE);
    release();
    await inFlight;
    expect(pages.held('a', SITE)).toBeNull();
    expect(pages.held('b', SITE)).toBeNull();
    expect(pages.generationOf(SITE)).toBe(0);
    // A generation heard afterwards still drops what was rendered since.
    await pages.get('a', SITE, async () => rendering('after'), 10);
    expect(pages.siteChanged(SITE, 1)).toBe(true);
    expect(pages.held('a', SITE)).toBeNull();
  });

  it('never keeps an error, a private answer, one that sets a cookie or one Next.js served stale', async () => {
    const pages = cache();
    const answers = [
      rendering('missing', { status: 404 }),
      rendering('mine', { headers: { 'cache-control': 'private, no-cache, no-store' } }),
      rendering('cookie', { setsCookie: true }),
      rendering('old', { headers: { 'cache-control': 's-maxage=30', 'x-nextjs-cache': 'STALE' } }),
    ];
    for (const [index, answer] of answers.entries()) {
      const render = vi.fn(async () => answer);
      await pages.get(`k${index}`, SITE, render, 0);
      const again = await pages.get(`k${index}`, SITE, render, 1);
      expect(again.state).toBe('miss');
      expect(isCachedPage(again.page)).toBe(false);
    }
    expect(pages.size.entries).toBe(0);
  });

  it('stays within its memory bound, dropping the least recently used first', async () => {
    const body = 'y'.repeat(10_000);
    const pages = cache(25_000);
    for (const key of ['a', 'b', 'c']) await pages.get(key, SITE, async () => rendering(body), 0);
    expect(pages.size.bytes).toBeLessThanOrEqual(25_000);
    expect((await pages.get('a', SITE, async () => rendering(body), 1)).state).toBe('miss');
    expect((await pages.get('c', SITE, async () => rendering(body), 1)).state).toBe('hit');
  });

  it('keeps serving a page past its stale time while it cannot be rendered again (an outage), not the error', async () => {
    const pages = cache();
    await pages.get('k', SITE, async () => rendering('<p>old</p>'));
    const later = Date.now() + 60_000;
    const failed = await pages.get('k', SITE, async () => rendering('error', { status: 500 }), later);
    const thrown = await pages.get('k', SITE, () => Promise.reject(new Error('ECONNREFUSED')), later);
    expect([failed.state, thrown.state]).toEqual(['stale', 'stale']);
    expect(failed.page.body.toString()).toBe('<p>old</p>');
    expect(pages.held('k', SITE)?.body.toString()).toBe('<p>old</p>');
    // Back: the next rendering replaces it.
    const back = await pages.get('k', SITE, async () => rendering('<p>new</p>'), later);
    expect([back.state, back.page.body.toString()]).toEqual(['miss', '<p>new</p>']);
    pages.siteChanged(SITE, 1);
    expect(pages.held('k', SITE)).toBeNull();
  });
});

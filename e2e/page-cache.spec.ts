import { expect, test } from './support/test';
import { demoSession } from './support/sessions';
import {
  cookieHeader,
  fullItem,
  itemLinks,
  publishedItems,
  sessionOfDemoAccount,
  siteGet,
  siteTarget,
} from './support/content';
import { MIO_URL } from './support/sites';

/**
 * Issue 7, the front server (docs/decisions/0012): what guests see comes from the page cache, what members get is
 * never cacheable by anyone else, and a premium member's item page (one rendering shared by premium members) is a
 * working page in the browser: hydrated without errors, and whole again after back navigation.
 */

test(
  'visitors get cached pages; members get private answers, the member part only for premium',
  { tag: '@postgres' },
  async ({ request }) => {
    const mio = siteTarget('mio');
    // From memory once rendered: fresh, or (an entry older than 30 s) served while it is rendered again. The first
    // renderings may be ones Next.js serves stale from an earlier run's build cache, which are never kept.
    await expect(async () => {
      expect(['hit', 'stale']).toContain((await siteGet(request, mio, '/blog')).headers()['x-fc-cache']);
    }).toPass({ timeout: 15_000 });
    const visitor = await siteGet(request, mio, '/blog');
    expect(visitor.headers()['set-cookie']).toBeUndefined();
    const list = (await (await siteGet(request, mio, '/api/content/blog')).json()) as {
      items: { id: string; locked: boolean }[];
    };
    const locked = list.items.find((item) => item.locked)!;
    const path = `/blog/${locked.id}`;

    const [guest, premium] = await Promise.all([
      sessionOfDemoAccount('mio', 'guest'),
      sessionOfDemoAccount('mio', 'premium'),
    ]);
    const asGuest = await siteGet(request, mio, path, cookieHeader(guest));
    expect(asGuest.headers()['cache-control']).toBe('private, no-store');
    const guestHtml = await asGuest.text();
    expect(guestHtml).toContain('data-item="locked"');
    expect(guestHtml).toContain('プレミアム会員になる');
    expect(guestHtml).not.toContain('data-private-region');

    const asPremium = await siteGet(request, mio, path, cookieHeader(premium));
    expect(asPremium.status()).toBe(200);
    expect(asPremium.headers()['cache-control']).toBe('private, no-store');
    expect(['miss', 'hit', 'stale']).toContain(asPremium.headers()['x-fc-cache']);
    expect(await asPremium.text()).toContain('data-item="full"');
    // The visitor's page is still the visitor's.
    expect(await (await siteGet(request, mio, path)).text()).toContain('data-item="locked"');
    // The audiences' renderings are no addresses: asking for the premium one by its route is a 404, with a session
    // of any kind or none.
    for (const route of [`/for/premium${path}`, '/for/premium/blog', '/for/premium', `/for/guest${path}`]) {
      for (const cookie of [{}, cookieHeader(guest), cookieHeader(premium)]) {
        const direct = await siteGet(request, mio, route, cookie);
        expect(direct.status(), route).toBe(404);
        expect(await direct.text()).not.toContain('data-item="full"');
      }
    }

    // A premium member's list is one rendering shared by premium members (nothing in it is personal): from memory
    // after the first, privately, with the premium item open; the visitor's list keeps it locked.
    await expect(async () => {
      const again = await siteGet(request, mio, '/blog', cookieHeader(premium));
      expect(['hit', 'stale']).toContain(again.headers()['x-fc-cache']);
    }).toPass({ timeout: 15_000 });
    const premiumList = await siteGet(request, mio, '/blog', cookieHeader(premium));
    expect(premiumList.headers()['cache-control']).toBe('private, no-store');
    expect(premiumList.headers()['set-cookie']).toBeUndefined();
    // Each locked item's card carries the badge 会員限定 (the section's own badge is there for everyone).
    const lockedIn = (html: string) => html.match(/会員限定/g)?.length ?? 0;
    const [premiumHtml, visitorHtml] = [await premiumList.text(), await visitor.text()];
    expect(premiumHtml).toContain(locked.id);
    expect(lockedIn(premiumHtml)).toBeLessThan(lockedIn(visitorHtml));
    const guestList = await siteGet(request, mio, '/blog', cookieHeader(guest));
    expect(lockedIn(await guestList.text())).toBe(lockedIn(visitorHtml));
  },
);

test.describe(() => {
  test.use({ storageState: demoSession('mio', 'premium') });

  test(
    "a premium member's item page hydrates without errors and keeps its body through back navigation",
    { tag: '@postgres' },
    async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const item = publishedItems('mio', 'blog').find((candidate) => !candidate.openToAll)!;
      await page.goto(`${MIO_URL}/blog`);
      const href = await itemLinks(page, 'blog').filter({ hasText: item.title }).getAttribute('href');
      // A document request, as from a link in a newsletter: the premium members' shared rendering.
      const response = await page.goto(`${MIO_URL}${href}`);
      expect(['miss', 'hit', 'stale']).toContain(response?.headers()['x-fc-cache']);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      const body = page.locator('.item-body');
      await expect(body).toContainText(`LEAKCANARY-mio-${item.key}-body`);
      await expect(fullItem(page)).toBeVisible();

      // Client navigation away and back: the body is drawn again from what the page kept.
      await page.getByRole('navigation', { name: 'パンくず' }).getByRole('link').click();
      await expect(page).toHaveURL(`${MIO_URL}/blog`);
      await page.goBack();
      await expect(page).toHaveURL(`${MIO_URL}${href}`);
      await expect(body).toContainText(`LEAKCANARY-mio-${item.key}-body`);
      expect(errors.filter((text) => /hydrat|Minified React error/i.test(text))).toEqual([]);
    },
  );
});

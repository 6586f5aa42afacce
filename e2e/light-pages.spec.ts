import { expect, networkQuiet, test, type Request } from './support/test';
import { siteFooter } from './support/sites';

/**
 * Issue 7, what a visitor's public page asks of the phone and of the server (docs/decisions/0013, 0014): no prefetch
 * of every link in sight, no toaster, and the web font downloaded after the first paint and switched on at the next
 * page, never under the reader.
 */

const isRsc = (request: Request) => new URL(request.url()).searchParams.has('_rsc');

test.beforeEach(async ({ page }) => {
  // No network here: answer gtag.js locally so that nothing is left loading.
  await page.route(
    (url) => url.hostname === 'www.googletagmanager.com',
    (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
});

// What the top page asks of a phone.
test(
  'a visitor reading the top page: the font after the text, no link prefetched on sight, no toaster',
  { tag: '@phone' },
  async ({ page }) => {
    const rsc: string[] = [];
    page.on('request', (request) => {
      if (isRsc(request)) rsc.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => document.documentElement.dataset.webFont === 'loaded');
    const timing = await page.evaluate(() => {
      const starts = (name: RegExp) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => name.test(entry.name))
          .map((entry) => entry.startTime);
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        fonts: starts(/noto-sans-jp/),
      };
    });
    // The font's files were asked for only once the text was on screen.
    expect(timing.fonts.length).toBeGreaterThan(0);
    expect(Math.min(...timing.fonts)).toBeGreaterThan(timing.paint);
    // Downloaded, but the lines the visitor is reading do not move.
    const family = () => page.evaluate(() => getComputedStyle(document.querySelector('main')!).fontFamily);
    expect(await family()).not.toMatch(/Noto Sans JP Variable/);

    await networkQuiet(page);
    expect(rsc, 'links in view are not prefetched').toEqual([]);
    await expect(page.locator('[data-sonner-toaster]')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.dataset.webFont)).toBe('loaded');

    // The next page the visitor opens is drawn in the family.
    await siteFooter(page).getByRole('link', { name: 'プライバシーポリシー' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'プライバシーポリシー' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.webFont)).toBe('ready');
    expect(await family()).toMatch(/^["']?Noto Sans JP Variable/);
  },
);

test('a link is prefetched when the pointer rests on it, and opens without a page load', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const link = page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: /^BLOG/ });

  const prefetch = page.waitForRequest(
    (request) => isRsc(request) && new URL(request.url()).pathname === '/blog',
  );
  await link.hover();
  await prefetch;

  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  await link.click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/BLOG/);
  expect(documents, 'a client-side navigation').toEqual([]);
});

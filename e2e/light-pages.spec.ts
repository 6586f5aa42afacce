import { expect, test, type Request } from '@playwright/test';
import { isPhone } from './support/sites';

/**
 * Issue 7, what a visitor's public page asks of the phone and of the server (docs/decisions/0013): no prefetch of
 * every link in sight, no toaster, and the web font switched on after the first paint, once its subsets are in.
 */

const isRsc = (request: Request) => new URL(request.url()).searchParams.has('_rsc');

test.beforeEach(async ({ page }) => {
  // No network here: answer gtag.js locally so that nothing is left loading.
  await page.route(
    (url) => url.hostname === 'www.googletagmanager.com',
    (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
});

test('a visitor reading the top page: no link prefetched on sight, no toaster, the web font once it is in', async ({
  page,
}) => {
  const rsc: string[] = [];
  page.on('request', (request) => {
    if (isRsc(request)) rsc.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.documentElement.dataset.webFont === 'ready');
  const family = await page.evaluate(() => getComputedStyle(document.querySelector('main')!).fontFamily);
  expect(family).toMatch(/^["']?Noto Sans JP Variable/);
  // The first paint came before any of the font's files were asked for.
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    fonts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('noto-sans-jp'))
      .map((entry) => entry.startTime),
  }));
  expect(timing.fonts.length).toBeGreaterThan(0);
  expect(Math.min(...timing.fonts)).toBeGreaterThan(timing.paint);

  await page.waitForTimeout(1_000);
  expect(rsc, 'links in view are not prefetched').toEqual([]);
  await expect(page.locator('[data-sonner-toaster]')).toHaveCount(0);
});

test('a link is prefetched when the pointer rests on it, and opens without a page load', async ({
  page,
}, testInfo) => {
  test.skip(isPhone(testInfo), 'hover is a pointer gesture; a phone prefetches on touchstart');
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

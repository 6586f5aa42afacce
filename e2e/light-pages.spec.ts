import { expect, networkQuiet, test, type Request } from './support/test';

/**
 * Issue 7, what a visitor's public page asks of the phone and of the server (docs/decisions/0013, 0014): no prefetch
 * of every link in sight, no toaster, and the web font downloaded after the first paint. Issue 19: switched on
 * on the first page too, once its files are in, without moving the text (decision 0004).
 */

const isRsc = (request: Request) => new URL(request.url()).searchParams.has('_rsc');

declare global {
  interface Window {
    /** Layout shifts as they happen: when, and by how much. */
    shifts: { at: number; value: number }[];
    /** When the page switched to the web font. */
    webFontAt?: number;
  }
}

test.beforeEach(async ({ page }) => {
  // No network here: answer gtag.js locally so that nothing is left loading.
  await page.route(
    (url) => url.hostname === 'www.googletagmanager.com',
    (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
});

// What the top page asks of a phone, and what the font's switch does on a first visit.
test(
  'a visitor reading the top page: the web font after the text, switched on without moving it; no link prefetched on sight, no toaster',
  { tag: '@both-widths' },
  async ({ page }) => {
    const rsc: string[] = [];
    page.on('request', (request) => {
      if (isRsc(request)) rsc.push(request.url());
    });
    // A slow connection: the font's files come a second after they are asked for, well after the text is read.
    await page.route(/\/noto-sans-jp-[^/]+\.woff2$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.addInitScript(() => {
      window.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          window.shifts.push({ at: entry.startTime, value: entry.value });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new MutationObserver(() => {
        if (document.documentElement.dataset.webFont === 'ready') window.webFontAt ??= performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-web-font'] });
    });
    const family = () => page.evaluate(() => getComputedStyle(document.querySelector('main')!).fontFamily);

    await page.goto('/');
    // Drawn first in the web font's stand-in: the device's Japanese font (here Noto Sans CJK JP) with its metrics.
    expect(await family()).toMatch(/^["']?Noto Sans JP Variable Fallback/);
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts]
            .filter((face) => face.family.replace(/["']/g, '') === 'Noto Sans JP Variable Fallback')
            .some((face) => face.status === 'loaded'),
        ),
      )
      .toBe(true);

    await page.waitForFunction(() => document.documentElement.dataset.webFont === 'ready');
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    expect(await family()).toMatch(/^["']?Noto Sans JP Variable["']?,/);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      fonts: performance
        .getEntriesByType('resource')
        .filter((entry) => /noto-sans-jp/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    // The font's files were asked for only once the text was on screen.
    expect(timing.fonts.length).toBeGreaterThan(0);
    expect(Math.min(...timing.fonts)).toBeGreaterThan(timing.paint);

    await networkQuiet(page);
    // The switch moved nothing, and the page as a whole stays within CLS 0.05.
    const shifts = await page.evaluate(() => ({
      all: window.shifts.reduce((sum, shift) => sum + shift.value, 0),
      atSwitch: window.shifts
        .filter((shift) => shift.at >= (window.webFontAt ?? 0))
        .reduce((sum, shift) => sum + shift.value, 0),
    }));
    expect(shifts.atSwitch).toBeLessThan(0.005);
    expect(shifts.all).toBeLessThanOrEqual(0.05);

    expect(rsc, 'links in view are not prefetched').toEqual([]);
    await expect(page.locator('[data-sonner-toaster]')).toHaveCount(0);
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

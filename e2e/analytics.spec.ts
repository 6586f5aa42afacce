import { expect, networkQuiet, test, type Page } from './support/test';
import { MIO_URL, SECOND_URL, desktopNav, isPhone, openMenu, siteFooter } from './support/sites';

/** What the page under test keeps on window: gtag's command queue and the markers this spec sets. */
interface TrackedWindow {
  dataLayer?: ArrayLike<unknown>[];
  gtag?: unknown;
  __gtagStubLoaded?: boolean;
  __noReload?: boolean;
}

const GTAG_HOST = 'www.googletagmanager.com';
const isGtag = (url: URL) => url.hostname === GTAG_HOST && url.pathname === '/gtag/js';

/** The page_path of every page_view command in window.dataLayer (its entries are `arguments` objects). */
function pageViews(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as unknown as TrackedWindow).dataLayer ?? [])
      .map((entry) => Array.from(entry))
      .filter((args) => args[0] === 'event' && args[1] === 'page_view')
      .map((args) => (args[2] as { page_path: string }).page_path),
  );
}

/** Waits for the expected page views, then until the page is quiet, to be sure that no duplicate follows. */
async function expectPageViews(page: Page, expected: string[]): Promise<void> {
  await expect.poll(() => pageViews(page)).toEqual(expected);
  await networkQuiet(page);
  expect(await pageViews(page)).toEqual(expected);
}

test.describe('page-view tracking', () => {
  test(
    'mio reports one page_view per completed navigation',
    { tag: '@both-widths' },
    async ({ page }, testInfo) => {
      const gtagRequests: string[] = [];
      await page.route(
        (url) => isGtag(url),
        async (route) => {
          gtagRequests.push(route.request().url());
          await route.fulfill({
            status: 200,
            contentType: 'text/javascript',
            body: 'window.__gtagStubLoaded = true;',
          });
        },
      );

      await page.goto('/');
      await expectPageViews(page, ['/']);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as TrackedWindow).__gtagStubLoaded))
        .toBe(true);
      expect(gtagRequests).toEqual([`https://${GTAG_HOST}/gtag/js?id=G-MIO2026FC`]);
      const config = await page.evaluate(() =>
        ((window as unknown as TrackedWindow).dataLayer ?? [])
          .map((entry) => Array.from(entry))
          .filter((a) => a[0] === 'config'),
      );
      expect(config).toEqual([['config', 'G-MIO2026FC', { send_page_view: false }]]);

      // A marker on window survives client-side navigation only: a reload would wipe it.
      await page.evaluate(() => ((window as unknown as TrackedWindow).__noReload = true));
      const sameDocument = () =>
        page.evaluate(() => (window as unknown as TrackedWindow).__noReload === true);

      const nav = isPhone(testInfo) ? await openMenu(page) : desktopNav(page);
      await nav.getByRole('link', { name: 'NEWS' }).click();
      await expect(page).toHaveURL('/news');
      await expectPageViews(page, ['/', '/news']);
      expect(await sameDocument()).toBe(true);

      await siteFooter(page).getByRole('link', { name: 'プライバシーポリシー' }).click();
      await expect(page).toHaveURL('/privacy');
      await expect(page.getByRole('heading', { level: 1, name: 'プライバシーポリシー' })).toBeVisible();
      await expectPageViews(page, ['/', '/news', '/privacy']);
      expect(await sameDocument()).toBe(true);

      await page.goBack();
      await expect(page).toHaveURL('/news');
      await expectPageViews(page, ['/', '/news', '/privacy', '/news']);
      expect(await sameDocument()).toBe(true);

      // The script is loaded once per document, not again on each route change.
      expect(gtagRequests).toHaveLength(1);
    },
  );

  test('the page_view carries the page location and title', async ({ page }) => {
    await page.route(
      (url) => isGtag(url),
      (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await page.goto('/terms');
    await expectPageViews(page, ['/terms']);
    const [event] = await page.evaluate(() =>
      ((window as unknown as TrackedWindow).dataLayer ?? [])
        .map((entry) => Array.from(entry))
        .filter((args) => args[1] === 'page_view')
        .map((args) => args[2]),
    );
    expect(event).toMatchObject({
      page_path: '/terms',
      page_location: `${MIO_URL}/terms`,
      send_to: 'G-MIO2026FC',
    });
  });

  test('the second site has no measurement id: no gtag.js, no page_view', async ({ page }) => {
    const gtagRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname === GTAG_HOST) gtagRequests.push(request.url());
    });
    await page.route(
      (url) => url.hostname === GTAG_HOST,
      (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );

    await page.goto(`${SECOND_URL}/`);
    await page.waitForLoadState('networkidle');
    await siteFooter(page).getByRole('link', { name: '利用規約' }).click();
    await expect(page).toHaveURL(`${SECOND_URL}/terms`);
    await networkQuiet(page);

    expect(gtagRequests).toEqual([]);
    expect(await pageViews(page)).toEqual([]);
    expect(await page.evaluate(() => typeof (window as unknown as TrackedWindow).gtag)).toBe('undefined');
    await expect(page.locator(`script[src*="${GTAG_HOST}"]`)).toHaveCount(0);
  });
});

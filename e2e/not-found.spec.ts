import { expect, test } from './support/test';
import { freshContext } from './support/test';
import { demoBrowser } from './support/sessions';
import { MIO_URL, SECOND_URL, UNKNOWN_URL, mio, second, siteFooter } from './support/sites';

test.describe('tenancy and 404 pages', () => {
  test('a host no club owns gets a plain 404 with nothing of any club', async ({ page }) => {
    const response = await page.goto(`${UNKNOWN_URL}/`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();

    await expect(page.locator('header, footer, nav, [role="dialog"]')).toHaveCount(0);
    await expect(siteFooter(page)).toHaveCount(0);
    await expect(page.getByRole('link')).toHaveCount(0);
    await expect(page.getByTestId('hamburger')).toHaveCount(0);

    const served = await response!.text();
    const rendered = await page.content();
    for (const club of [mio, second]) {
      for (const needle of [club.config.SERVICE_NAME, club.config.COPYRIGHT, 'MIO FAMILY', 'PASSENGERS']) {
        expect(served.includes(needle), `"${needle}" served`).toBe(false);
        expect(rendered.includes(needle), `"${needle}" rendered`).toBe(false);
      }
    }
    for (const label of ['NEWS', 'STORE', 'INFORMATION', 'プライバシーポリシー']) {
      await expect(page.getByText(label)).toHaveCount(0);
    }
  });

  test('an unknown path of an unknown host is the same plain 404', async ({ page }) => {
    const response = await page.goto(`${UNKNOWN_URL}/news`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
    await expect(page.locator('header, footer, nav')).toHaveCount(0);
  });

  test('an unknown path of mio gets the themed 404 inside its header and footer', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: mio.config.SERVICE_NAME })).toBeVisible();
    await expect(siteFooter(page)).toBeVisible();
    await expect(siteFooter(page).getByText(mio.config.COPYRIGHT, { exact: true })).toBeVisible();

    const back = page.getByRole('link', { name: 'トップページへ戻る' });
    await expect(back).toBeVisible();
    await expect(back).toHaveAttribute('href', '/');
    await back.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: mio.config.SERVICE_NAME })).toBeVisible();
  });

  test('a nested unknown path of mio answers the themed 404 too', async ({ page }) => {
    const nested = await page.goto('/news/2026/missing');
    expect(nested?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
    await expect(siteFooter(page)).toBeVisible();
  });
});

/**
 * Issue 19: a link to a post that is not there (a typo, a post taken down, a section the club does not have) must show
 * the club's Japanese 404 page to every viewer, whether the front server has the path in its cache yet or not; it
 * once showed a blank white page (the paint-first loader waited for a paint that never came).
 */
test.describe('an unknown item or section, for every audience', () => {
  const unknown = [
    `/blog/00000000-0000-0000-0000-000000000000`,
    `/news/not-a-post-${Date.now()}`,
    `/ticket/00000000-0000-0000-0000-00000000beef`,
  ];
  // PASSENGERS has no MOVIE section: an address of it is unknown there.
  const lackingSection = [`${SECOND_URL}/movie`, `${SECOND_URL}/movie/00000000-0000-0000-0000-000000000000`];

  for (const audience of ['visitor', 'guest', 'premium'] as const) {
    test(`shows the site's 404 page to a ${audience}, cold and warm`, async ({ browser }, testInfo) => {
      const page =
        audience === 'visitor'
          ? await (await freshContext(browser, { baseURL: MIO_URL })).newPage()
          : await demoBrowser(browser, 'mio', audience, testInfo);
      const second =
        audience === 'premium' ? await demoBrowser(browser, 'second', 'premium', testInfo) : page;
      const addresses = [...unknown.map((path) => `${MIO_URL}${path}`), ...lackingSection];
      // Twice each: the first answer may be rendered for it, the second comes from what the server then holds.
      for (const round of ['cold', 'warm']) {
        for (const address of addresses) {
          const viewer = address.startsWith(SECOND_URL) ? second : page;
          const response = await viewer.goto(address);
          expect(response?.status(), `${round} ${address}`).toBe(404);
          await expect(
            viewer.getByRole('heading', { level: 1, name: 'ページが見つかりません' }),
            `${round} ${address}`,
          ).toBeVisible();
          await expect(viewer.getByRole('link', { name: 'トップページへ戻る' })).toBeVisible();
          await expect(siteFooter(viewer)).toBeVisible();
        }
      }
      await page.context().close();
      if (second !== page) await second.context().close();
    });
  }
});

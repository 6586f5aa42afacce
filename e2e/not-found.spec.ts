import { expect, test } from './support/test';
import { UNKNOWN_URL, mio, second, siteFooter } from './support/sites';

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

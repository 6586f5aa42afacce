import { expect, test } from './support/test';
import {
  newTabName,
  SECOND_URL,
  computed,
  isPhone,
  menuLinks,
  second,
  siteFooter,
  visibleLabels,
} from './support/sites';

// Strings that only mio's configuration contains: none may leak into the second site's pages.
const MIO_ONLY = [
  'MIO FAMILY',
  '佐倉ミオ',
  'SAKURA MIO',
  'sakura-mio',
  'sakura_mio',
  'mio-family',
  'G-MIO2026FC',
  'サクラミュージック',
  '#FF97C9',
  '#ff97c9',
];

test.describe('second site on second.localhost', () => {
  test('menu: its own five entries, no MOVIE', { tag: '@both-widths' }, async ({ page }, testInfo) => {
    await page.goto(`${SECOND_URL}/`);
    const links = await menuLinks(page, testInfo);
    expect(await visibleLabels(links)).toEqual(['INFORMATION', 'LIVE', 'DIARY', 'GALLERY', 'GOODS']);
    const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(hrefs).toEqual(['/news', '/ticket', '/blog', '/photo', 'https://goods.nighttrain.jp/']);
    await expect(links.nth(4)).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'MOVIE' })).toHaveCount(0);
    expect(await computed(links.nth(0), 'font-size', 'font-weight')).toEqual({
      'font-size': isPhone(testInfo) ? '16px' : '14px',
      'font-weight': '700',
    });
  });

  test(
    'footer: terms, privacy, asct, faq; X, YouTube and TikTok; its own colours',
    { tag: '@both-widths' },
    async ({ page }) => {
      await page.goto(`${SECOND_URL}/`);
      const footer = siteFooter(page);
      const items = footer.getByTestId('footer-links').getByRole('listitem');
      expect(await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-footer-id')))).toEqual([
        'terms',
        'privacy',
        'asct',
        'faq',
      ]);
      const links = footer.getByRole('navigation', { name: 'フッターメニュー' }).getByRole('link');
      expect(await visibleLabels(links)).toEqual([
        '利用規約',
        'プライバシーポリシー',
        '特定商取引法に基づく表記',
        'よくある質問・お問い合わせ',
      ]);
      expect(await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')))).toEqual([
        '/terms',
        '/privacy',
        '/asct',
        second.config.FAQ.href,
      ]);
      await expect(page.locator('a[href="/psa"]')).toHaveCount(0);
      await expect(footer.getByText(second.config.COPYRIGHT, { exact: true })).toBeVisible();

      const social = footer.getByTestId('social-links').getByRole('link');
      await expect(social).toHaveCount(3);
      expect(await social.evaluateAll((els) => els.map((el) => el.getAttribute('href')))).toEqual([
        'https://x.com/nighttrain_band',
        'https://www.youtube.com/@nighttrain_official',
        'https://www.tiktok.com/@nighttrain_official',
      ]);
      await expect(social.nth(1)).toHaveAccessibleName(newTabName('YouTube'));
      await expect(social.nth(2)).toHaveAccessibleName(newTabName('TikTok'));
      await expect(page.locator('[data-social="INSTAGRAM_URL"], a[href*="instagram.com"]')).toHaveCount(0);
      await expect(page.getByLabel(/Instagram/)).toHaveCount(0);

      expect(await computed(footer, 'background-color')).toEqual({
        'background-color': 'rgb(191, 227, 240)',
      });
      expect(await computed(page.locator('body'), 'color')).toEqual({ color: 'rgb(31, 41, 55)' });
    },
  );

  test('top page: INFORMATION, DIARY, GALLERY', async ({ page }) => {
    await page.goto(`${SECOND_URL}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.config.SERVICE_NAME);
    const titles = page.locator('main [data-top-section] h2');
    await expect(titles).toHaveText(['INFORMATION', 'DIARY', 'GALLERY']);
    expect(await computed(titles.first(), 'font-size', 'font-weight')).toEqual({
      'font-size': '24px',
      'font-weight': '700',
    });
  });

  test('page heading is 36px', async ({ page }) => {
    await page.goto(`${SECOND_URL}/news`);
    const heading = page.getByRole('heading', { level: 1, name: 'INFORMATION' });
    await expect(heading).toBeVisible();
    expect(await computed(heading, 'font-size', 'font-weight')).toEqual({
      'font-size': '36px',
      'font-weight': '700',
    });
  });

  test('/psa is not one of its pages; /asct shows its own seller', async ({ page }) => {
    const psa = await page.goto(`${SECOND_URL}/psa`);
    expect(psa?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();

    const asct = await page.goto(`${SECOND_URL}/asct`);
    expect(asct?.status()).toBe(200);
    const seller = page
      .locator('main dl > div')
      .filter({ has: page.locator('dt', { hasText: /^販売事業者$/ }) });
    await expect(seller.locator('dd')).toHaveText('株式会社ナイトトレイン・レコーズ');
  });

  test('no string of mio anywhere in its HTML', async ({ page }) => {
    for (const path of ['/', '/news', '/blog', '/terms', '/privacy', '/asct', '/no-such-page']) {
      const response = await page.goto(`${SECOND_URL}${path}`);
      expect(response, path).not.toBeNull();
      const served = await response!.text();
      await expect(page.locator('footer')).toBeVisible();
      const rendered = await page.content();
      expect(served, `served HTML of ${path}`).toContain('PASSENGERS');
      for (const needle of MIO_ONLY) {
        expect(served.includes(needle), `"${needle}" in the served HTML of ${path}`).toBe(false);
        expect(rendered.includes(needle), `"${needle}" in the rendered DOM of ${path}`).toBe(false);
      }
    }
  });
});

test('mio has nothing of the second site in its HTML', async ({ page }) => {
  for (const path of ['/', '/terms']) {
    const response = await page.goto(path);
    const served = await response!.text();
    expect(served).toContain('MIO FAMILY');
    for (const needle of [
      'PASSENGERS',
      'NIGHT TRAIN',
      'nighttrain',
      'ナイトトレイン',
      '#7CC4E4',
      '#BFE3F0',
    ]) {
      expect(served.includes(needle), `"${needle}" in the served HTML of ${path}`).toBe(false);
      expect((await page.content()).includes(needle), `"${needle}" in the rendered DOM of ${path}`).toBe(
        false,
      );
    }
  }
});

import { expect, test } from './support/test';
import { newTabName, mio, siteFooter, visibleLabels } from './support/sites';

// One page load for the footer's checks, each a step; the last one follows a link away from the page.
test(
  'footer on mio: links, copyright, social links, and a link to a legal page',
  { tag: '@both-widths' },
  async ({ page }) => {
    await page.goto('/');

    await test.step('links privacy, terms, faq, psa, asct in order', async () => {
      const footer = siteFooter(page);
      await expect(footer).toBeVisible();
      const items = footer.getByTestId('footer-links').getByRole('listitem');
      await expect(items).toHaveCount(5);
      expect(await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-footer-id')))).toEqual([
        'privacy',
        'terms',
        'faq',
        'psa',
        'asct',
      ]);

      const links = footer.getByRole('navigation', { name: 'フッターメニュー' }).getByRole('link');
      expect(await visibleLabels(links)).toEqual([
        'プライバシーポリシー',
        '利用規約',
        'よくある質問・お問い合わせ',
        '資金決済法に基づく表示',
        '特定商取引法に基づく表記',
      ]);
      const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
      expect(hrefs).toEqual(['/privacy', '/terms', mio.config.FAQ.href, '/psa', '/asct']);
      expect(mio.config.FAQ.href).toBe(
        'https://mio-family.zendesk.com/hc/ja/requests/new?ticket_form_id=4410529183',
      );

      const faq = links.nth(2);
      await expect(faq).toHaveAttribute('target', '_blank');
      await expect(faq).toHaveAttribute('rel', /noopener/);
      await expect(faq).toHaveAccessibleName(newTabName('よくある質問・お問い合わせ'));
      for (const index of [0, 1, 3, 4]) {
        expect(await links.nth(index).getAttribute('target')).toBeNull();
      }
    });

    await test.step('shows the copyright', async () => {
      await expect(siteFooter(page).getByText(mio.config.COPYRIGHT, { exact: true })).toBeVisible();
      expect(mio.config.COPYRIGHT).toBe('© SAKURA MIO / MIO FAMILY All Rights Reserved.');
    });

    await test.step('shows the X and Instagram links; the null ones are not in the page at all', async () => {
      const social = siteFooter(page).getByTestId('social-links').getByRole('link');
      await expect(social).toHaveCount(2);
      await expect(social.nth(0)).toHaveAttribute('href', 'https://x.com/sakura_mio_staff');
      await expect(social.nth(0)).toHaveAccessibleName(newTabName('X（旧Twitter）'));
      await expect(social.nth(1)).toHaveAttribute('href', 'https://www.instagram.com/sakura_mio_official/');
      await expect(social.nth(1)).toHaveAccessibleName(newTabName('Instagram'));
      for (const link of await social.all()) {
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('target', '_blank');
      }

      // Absent from the DOM, not merely hidden.
      for (const key of ['YOUTUBE_URL', 'TIKTOK_URL', 'STORE_PLATFORM_URL']) {
        await expect(page.locator(`[data-social="${key}"]`)).toHaveCount(0);
      }
      await expect(page.locator('a[href*="youtube.com"], a[href*="tiktok.com"]')).toHaveCount(0);
      await expect(page.getByLabel(/YouTube|TikTok|ストア/)).toHaveCount(0);
    });

    await test.step('footer links lead to their legal pages', async () => {
      await siteFooter(page).getByRole('link', { name: '利用規約' }).click();
      await expect(page).toHaveURL('/terms');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(mio.documents.terms!.title);
    });
  },
);

test.describe('legal pages on mio', () => {
  const pages = [
    { kind: 'privacy', title: 'プライバシーポリシー', sample: '1. 取得する情報' },
    { kind: 'terms', title: '利用規約', sample: '第1条（会員）' },
    { kind: 'psa', title: '資金決済法に基づく表示', sample: '前払式支払手段の名称' },
    { kind: 'asct', title: '特定商取引法に基づく表記', sample: '販売事業者' },
  ];

  // One browser for the four pages, each a step.
  test('each shows its title and text from the site data; /asct is a table of statutory items', async ({
    page,
  }) => {
    for (const { kind, title, sample } of pages) {
      await test.step(`/${kind} shows its title and text from the site data`, async () => {
        const response = await page.goto(`/${kind}`);
        expect(response?.status()).toBe(200);
        expect(mio.documents[kind]!.title).toBe(title);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page).toHaveTitle(`${title} | ${mio.config.SERVICE_NAME}`);
        await expect(page.getByText(sample, { exact: true })).toBeVisible();
      });
    }

    // Still on /asct, the last of them.
    await expect(page).toHaveURL('/asct');
    await expect(page.getByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })).toBeVisible();
    const rows = page.locator('main dl > div');
    await expect(rows).toHaveCount(mio.documents.asct!.items.length);
    const seller = rows.filter({ has: page.locator('dt', { hasText: /^販売事業者$/ }) });
    await expect(seller).toHaveCount(1);
    await expect(seller.locator('dd')).toHaveText('株式会社サクラミュージック');
    await expect(rows.first().locator('dt')).toHaveText('販売事業者');
  });
});

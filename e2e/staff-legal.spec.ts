import { expect, test, freshContext, type Page } from './support/test';
import { toast } from './support/auth';
import { demoSession } from './support/sessions';
import { expectNoSeriousViolations } from './support/axe';
import { MIO_URL, mio } from './support/sites';

/**
 * Legal pages in the staff console: an editor changes the terms and a signed-out visitor sees the change on /terms
 * at once (the cached page is revalidated); support may not open the editor nor call its API.
 */

async function putTerms(page: Page, document: unknown): Promise<number> {
  return page.evaluate(async (body) => {
    const response = await fetch('/api/staff/legal/terms', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.status;
  }, document);
}

test.describe('as the editor', () => {
  test.use({ storageState: demoSession('mio', 'editor') });

  test('an editor changes the terms and a signed-out visitor sees it on /terms at once', async ({
    page,
    browser,
  }) => {
    const original = mio.documents.terms!;
    const visitor = await freshContext(browser);
    const visitorPage = await visitor.newPage();
    // The cached page, rendered before the change.
    await visitorPage.goto(`${MIO_URL}/terms`);
    await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(original.title);

    await page.goto(`${MIO_URL}/staff/legal`);
    const list = page.getByTestId('legal-list');
    await expect(list.getByTestId('legal-edit-link')).toHaveText([
      'プライバシーポリシー',
      '利用規約',
      '資金決済法に基づく表示',
      '特定商取引法に基づく表記',
    ]);
    await list.getByRole('link', { name: '利用規約', exact: true }).click();
    await expect(page).toHaveURL(`${MIO_URL}/staff/legal/terms`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('利用規約の編集');
    await expectNoSeriousViolations(page, 'staff legal editor');

    const intro = `E2E 改定のお知らせ ${Date.now()}`;
    try {
      // A bad value is refused beside its field, in Japanese, and nothing is sent.
      const title = page.getByRole('textbox', { name: 'タイトル' });
      await title.fill('');
      await page.getByRole('button', { name: '保存する' }).click();
      await expect(page.getByTestId('field-error')).toHaveCount(1);
      await expect(page.getByTestId('field-error')).toHaveText(/[ぁ-んァ-ン一-龯]/);
      await title.fill(original.title);

      await page.getByRole('textbox', { name: 'はじめに（任意）' }).fill(intro);
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/staff/legal/terms') && r.status() === 200,
      );
      await page.getByRole('button', { name: '保存する' }).click();
      await saved;
      await expect(toast(page, '保存しました')).toBeVisible();

      // The signed-out browser: the very next request shows the new text.
      await visitorPage.goto(`${MIO_URL}/terms`);
      await expect(visitorPage.getByText(intro)).toBeVisible();
      await expect(visitorPage.getByRole('heading', { level: 2 }).first()).toHaveText(
        original.items[0]!.heading,
      );

      await page.reload();
      await expect(page.getByRole('textbox', { name: 'はじめに（任意）' })).toHaveValue(intro);
    } finally {
      expect(await putTerms(page, original)).toBe(200);
      await visitor.close();
    }
  });

  test('items are added, reordered and removed, and an empty item is refused', async ({ page }) => {
    await page.goto(`${MIO_URL}/staff/legal/privacy`);
    const items = page.getByTestId('legal-item');
    const count = await items.count();
    expect(count).toBeGreaterThan(1);
    await page.getByRole('button', { name: '項目を追加' }).click();
    await expect(items).toHaveCount(count + 1);
    // Empty heading and text: refused in the form, nothing saved.
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(items.nth(count).getByTestId('field-error')).toHaveCount(2);

    await items.nth(count).getByRole('button', { name: /^上へ/ }).click();
    await expect(items.nth(count - 1).getByRole('textbox', { name: /^見出し/ })).toHaveValue('');
    await items
      .nth(count - 1)
      .getByRole('button', { name: /^削除/ })
      .click();
    await expect(items).toHaveCount(count);
    await expect(items.first().getByRole('button', { name: /^上へ/ })).toBeDisabled();
    await expect(items.last().getByRole('button', { name: /^下へ/ })).toBeDisabled();
  });
});

test.describe('as support', () => {
  test.use({ storageState: demoSession('mio', 'support') });

  test('support gets 403 on the legal pages and their API', async ({ page }) => {
    await page.goto(`${MIO_URL}/staff`);
    await expect(page).toHaveURL(/\/staff\//);
    for (const path of ['/staff/legal', '/staff/legal/terms']) {
      const response = await page.goto(`${MIO_URL}${path}`);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole('textbox', { name: 'はじめに（任意）' })).toHaveCount(0);
    }
    expect(await putTerms(page, { ...mio.documents.terms, intro: 'support の変更' })).toBe(403);
    const read = await page.evaluate(async () => (await fetch('/api/staff/legal/terms')).status);
    expect(read).toBe(403);
  });
});

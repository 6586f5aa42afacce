import { expect, test, freshContext, type Page } from './support/test';
import { toast } from './support/auth';
import { demoBrowser, demoSession } from './support/sessions';
import { expectNoSeriousViolations } from './support/axe';
import { MIO_URL, SECOND_URL, mio } from './support/sites';
import { newBrowser, post, postOk, signedInNewUser, uniqueNickname } from './support/membership';
import { consentBlock } from './support/consent';

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

test.describe('a new version of the terms', () => {
  // Publishing asks every member of the site again, so this runs with the publishing specs, after the others, on
  // the second site (the fans of staff-owner's tests are on mio).
  test('asks a member again at their next visit to My page; they read on, agree, and support sees it', async ({
    browser,
  }, testInfo) => {
    test.slow();
    const fan = await newBrowser(browser, 'second', testInfo);
    const user = await signedInNewUser(fan.page, 'second', 'agree-again');
    await postOk(fan.page, '/api/signup/nickname', { nickname: uniqueNickname() });
    await fan.page.goto(`${SECOND_URL}/mypage`);
    await expect(fan.page.getByTestId('account-email')).toHaveText(user.email);
    await expect(consentBlock(fan.page)).toHaveCount(0);

    const owner = await demoBrowser(browser, 'second', 'owner', testInfo);
    await owner.goto(`${SECOND_URL}/staff/legal/terms`);
    const version = owner.getByTestId('legal-version');
    const before = Number(
      /第(\d+)版/.exec((await version.getByTestId('legal-version-current').textContent())!)![1],
    );
    await version.getByRole('button', { name: '新しい版として公開する' }).click();
    await version.getByRole('button', { name: '公開する', exact: true }).click();
    await expect(toast(owner, `第${before + 1}版として公開しました`)).toBeVisible();
    await expect(version.getByTestId('legal-version-current')).toHaveText(new RegExp(`^第${before + 1}版`));

    await fan.page.reload();
    const block = consentBlock(fan.page);
    await expect(block.getByRole('heading', { level: 2 })).toHaveText('利用規約が改定されました');
    await expect(block.getByRole('link', { name: /利用規約/ })).toHaveAttribute('href', '/terms');
    await expect(block).toContainText(`第${before + 1}版`);
    // The rest of My page and the site stay readable.
    await expect(fan.page.getByTestId('account-email')).toHaveText(user.email);
    // An agreement to the old version is refused and changes nothing.
    const stale = await post(fan.page, '/api/consent', { body: { terms: before, privacy: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('CONSENT_OUTDATED');
    await fan.page.reload();
    await expect(block).toBeVisible();

    await block.getByRole('button', { name: '同意する' }).click();
    await expect(toast(fan.page, '同意しました')).toBeVisible();
    await expect(block).toHaveCount(0);
    await fan.page.reload();
    await expect(fan.page.getByTestId('account-email')).toBeVisible();
    await expect(consentBlock(fan.page)).toHaveCount(0);

    // Support's view of the member: the version agreed to and when.
    await owner.goto(`${SECOND_URL}/staff/members?q=${encodeURIComponent(user.email)}`);
    await owner.locator('tbody tr').filter({ hasText: user.email }).getByRole('link').click();
    await expect(owner.getByTestId('member-consent')).toHaveText(
      new RegExp(
        `^利用規約 第${before + 1}版・プライバシーポリシー 第\\d+版（\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} 同意）・最新版$`,
      ),
    );
    await owner.context().close();
    await fan.context.close();
  });
});

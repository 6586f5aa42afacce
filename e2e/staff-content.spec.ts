import { expect, freshContext, test, type Browser, type Page } from './support/test';
import sharp from 'sharp';
import { SESSION_COOKIE, toast } from './support/auth';
import { demoBrowser, demoSession } from './support/sessions';
import { MIO_URL, SECOND_URL } from './support/sites';
import { fullItem, gotoFresh, itemLinks, lockedItem, lockedNotice } from './support/content';
import { expectNoSeriousViolations } from './support/axe';

/**
 * Issue 6's main check: the mio editor writes a premium blog post with two body images, previews it as a guest
 * (teaser only) and as a premium member (everything), publishes it, and a premium fan and a signed-out visitor see
 * it on the site within seconds; script typed into a body never reaches a fan's page; unpublishing takes it off at
 * the fan's next request. Desktop by design; on a phone only the editor's layout is checked.
 */

// The page of every test is the mio editor's.
test.use({ storageState: demoSession('mio', 'editor') });

async function png(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The console, which opens on the editor's first area. */
async function openConsole(page: Page): Promise<void> {
  await page.goto('/staff');
  await expect(page).toHaveURL(`${MIO_URL}/staff/content`);
}

/** A browser of its own: a premium fan signed in, or a visitor with no session at all. */
async function fanPage(browser: Browser, who: 'premium' | 'visitor'): Promise<Page> {
  if (who === 'premium') return demoBrowser(browser, 'mio', 'premium');
  return (await freshContext(browser)).newPage();
}

/** Every image in the locator has loaded (a real picture, not a broken icon). */
async function expectImagesLoaded(page: Page, selector: string, count: number): Promise<void> {
  await expect(page.locator(selector)).toHaveCount(count);
  await expect
    .poll(() =>
      page
        .locator(selector)
        .evaluateAll((images) =>
          images.every(
            (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
          ),
        ),
    )
    .toBe(true);
}

test.describe('staff content', () => {
  // Each test makes and removes its own items, named by a stamp: they run side by side on both workers.
  test.describe.configure({ mode: 'parallel' });

  test('an editor writes, previews, publishes and unpublishes a premium blog post; fans see it at once', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow();
    const stamp = `${Date.now().toString(36)}${testInfo.workerIndex}`;
    const title = `E2E ブログ ${stamp}`;
    const teaser = `会員だけに届ける話 ${stamp}`;
    const bodyText = `E2E-BODY-${stamp}`;

    // --- Write -----------------------------------------------------------------------------------------------
    await openConsole(page);
    await page.goto('/staff/content?section=blog');
    const tabs = page.getByRole('navigation', { name: 'セクション' });
    await expect(tabs.getByRole('link', { name: 'BLOG' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: '新規作成' }).click();
    await expect(page).toHaveURL(/\/staff\/content\/new\?section=blog$/);
    await page.getByRole('button', { name: '下書きを作成' }).click();
    await expect(page.getByTestId('field-error')).toHaveText('タイトルを入力してください');
    await page.getByLabel('タイトル').fill(title);
    await page.getByRole('button', { name: '下書きを作成' }).click();
    await expect(page).toHaveURL(/\/staff\/content\/[0-9a-f-]{36}$/);
    const itemId = page.url().split('/').at(-1)!;
    await expect(page.getByTestId('item-status')).toHaveText('下書き');

    await page.getByLabel('概要（会員でない人にも表示されます）').fill(teaser);
    const body = page.getByTestId('body-editor');
    await body.click();
    await page.getByRole('button', { name: '見出し2' }).click();
    await expect(page.getByRole('button', { name: '見出し2' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('はじめに');
    await page.keyboard.press('Enter');
    await page.keyboard.type(bodyText);

    const inline = page.getByTestId('media-block-inline');
    await inline.getByLabel('本文の画像のファイル').setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: await png({ r: 220, g: 40, b: 60 }) },
      { name: 'second.png', mimeType: 'image/png', buffer: await png({ r: 40, g: 90, b: 220 }) },
    ]);
    await expect(inline.getByTestId('media-file')).toHaveCount(2, { timeout: 30_000 });
    await inline.getByRole('button', { name: '本文に挿入' }).nth(0).click();
    await inline.getByRole('button', { name: '本文に挿入' }).nth(1).click();
    // The editor shows the files by their signed preview URLs; the body it sends keeps media:<id>.
    await expectImagesLoaded(page, '[data-testid="body-editor"] img', 2);
    await expect(body.locator('img').first()).toHaveAttribute('data-media-src', /^media:[0-9a-f-]{36}$/);
    await expect(page.getByText('未保存の変更があります')).toBeVisible();

    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(toast(page, '保存しました')).toBeVisible();
    await expect(page.getByText('未保存の変更があります')).toHaveCount(0);

    // --- Preview ---------------------------------------------------------------------------------------------
    await expect(page.getByRole('link', { name: 'ゲスト会員の表示をプレビュー' })).toHaveAttribute(
      'href',
      `/staff/content/${itemId}/preview?as=guest`,
    );
    await page.goto(`/staff/content/${itemId}/preview?as=guest`);
    await expect(page.getByTestId('preview-banner')).toContainText('プレビュー（ゲスト会員の表示）');
    const preview = page.getByTestId('preview');
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(preview.getByText(teaser)).toBeVisible();
    await expect(lockedNotice(page)).toBeVisible();
    await expect(preview.locator('img')).toHaveCount(0);
    expect(await page.content()).not.toContain(bodyText);

    await page.goto(`/staff/content/${itemId}/preview?as=premium`);
    await expect(page.getByTestId('preview-banner')).toContainText('プレビュー（プレミアム会員の表示）');
    await expect(preview.getByText(bodyText)).toBeVisible();
    await expect(preview.getByRole('heading', { level: 2, name: 'はじめに' })).toBeVisible();
    await expect(lockedNotice(page)).toHaveCount(0);
    await expectImagesLoaded(page, '[data-testid="preview"] .item-body img', 2);

    // --- Not on the site while a draft ------------------------------------------------------------------------
    const fan = await fanPage(browser, 'premium');
    const visitor = await fanPage(browser, 'visitor');
    const itemPath = `/blog/${itemId}`;
    expect((await fan.goto(`${MIO_URL}${itemPath}`))?.status()).toBe(404);

    // --- Publish ---------------------------------------------------------------------------------------------
    await page.goto(`/staff/content/${itemId}`);
    // The visitor's list is now in the page cache, freshly rendered: without publish-time revalidation it would be
    // served unchanged for 30 s.
    await gotoFresh(visitor, `${MIO_URL}/blog`);
    await expect(itemLinks(visitor, 'blog').filter({ hasText: title })).toHaveCount(0);
    await page.getByRole('button', { name: '公開する' }).click();
    await expect(toast(page, '公開しました')).toBeVisible();
    // The visitor's very next request shows it: publishing dropped the cached list.
    await visitor.goto(`${MIO_URL}/blog`);
    await expect(itemLinks(visitor, 'blog').filter({ hasText: title })).toHaveCount(1);
    await expect(page.getByTestId('item-status')).toHaveText('公開中');
    await expect(page.getByRole('button', { name: '公開を取り消す' })).toBeVisible();

    // The premium fan: in the list and the whole item, within seconds, without a restart.
    await expect(async () => {
      await gotoFresh(fan, `${MIO_URL}/blog`);
      await expect(itemLinks(fan, 'blog').filter({ hasText: title })).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await gotoFresh(fan, `${MIO_URL}${itemPath}`);
    await expect(fullItem(fan)).toBeVisible();
    await expect(fan.getByText(bodyText)).toBeVisible();
    await expectImagesLoaded(fan, '.item-body img', 2);

    // The visitor: the cached pages were dropped; the teaser and the way in, nothing of the body.
    await expect(async () => {
      await gotoFresh(visitor, `${MIO_URL}/blog`);
      await expect(itemLinks(visitor, 'blog').filter({ hasText: title })).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await gotoFresh(visitor, `${MIO_URL}${itemPath}`);
    await expect(lockedItem(visitor)).toBeVisible();
    await expect(visitor.getByText(teaser)).toBeVisible();
    await expect(lockedNotice(visitor)).toBeVisible();
    expect(await visitor.content()).not.toContain(bodyText);

    // --- Unpublish -------------------------------------------------------------------------------------------
    await page.getByRole('button', { name: '公開を取り消す' }).click();
    await expect(toast(page, '公開を取り消しました')).toBeVisible();
    await expect(page.getByTestId('item-status')).toHaveText('下書き');
    // The premium fan's pages are rendered per request: the very next one is a 404.
    expect((await fan.goto(`${MIO_URL}${itemPath}`))?.status()).toBe(404);
    await fan.goto(`${MIO_URL}/blog`);
    await expect(itemLinks(fan, 'blog').filter({ hasText: title })).toHaveCount(0);
    // The visitor's cached pages were dropped: nothing fresh shows the item again.
    await gotoFresh(visitor, `${MIO_URL}${itemPath}`);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
    expect((await visitor.goto(`${MIO_URL}${itemPath}`))?.status()).toBe(404);
    await gotoFresh(visitor, `${MIO_URL}/blog`);
    await expect(itemLinks(visitor, 'blog').filter({ hasText: title })).toHaveCount(0);
    await fan.context().close();
    await visitor.context().close();
  });

  test('script in a body sent to the API never reaches a fan page', async ({ page, browser }, testInfo) => {
    test.slow();
    const stamp = `${Date.now().toString(36)}${testInfo.workerIndex}`;
    const marker = `SAFE-TEXT-${stamp}`;
    await openConsole(page);
    const headers = { Origin: MIO_URL };
    const created = await page.request.post('/api/staff/content', {
      headers,
      data: { section: 'blog', title: `XSS ${stamp}` },
    });
    expect(created.status()).toBe(201);
    const { item } = (await created.json()) as { item: { id: string } };
    const values = {
      title: `XSS ${stamp}`,
      teaser: '<img src=x onerror="window.__pwned=1">概要',
      bodyHtml:
        `<p>${marker}</p><script>window.__pwned=2</script><img src="x" onerror="window.__pwned=3">` +
        '<a href="javascript:window.__pwned=4">link</a><p onmouseover="window.__pwned=5">hover</p>',
      openToAll: true,
      isLive: false,
      publishedAt: '2026-01-01T00:00',
      youtube: '',
      performances: [],
      applyFrom: '',
      applyUntil: '',
      presaleCode: '',
      applyUrl: '',
    };
    const saved = await page.request.put(`/api/staff/content/${item.id}`, { headers, data: values });
    expect(saved.status()).toBe(200);
    // Bad input is refused beside its field, nothing saved.
    const bad = await page.request.put(`/api/staff/content/${item.id}`, {
      headers,
      data: { ...values, title: '', publishedAt: 'tomorrow' },
    });
    expect(bad.status()).toBe(422);
    const badBody = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(badBody.error.fields).toMatchObject({
      title: 'タイトルを入力してください',
      publishedAt: '公開日時を正しく入力してください',
    });
    expect((await page.request.post(`/api/staff/content/${item.id}/publish`, { headers })).status()).toBe(
      200,
    );

    const visitor = await fanPage(browser, 'visitor');
    let html = '';
    await expect(async () => {
      const response = await visitor.goto(`${MIO_URL}/blog/${item.id}`);
      expect(response?.status()).toBe(200);
      html = await response!.text();
      expect(html).toContain(marker);
    }).toPass({ timeout: 15_000 });
    // Every injected handler and script names __pwned: none of it may be in the page, in any form.
    expect(html).not.toContain('__pwned');
    expect(html).not.toContain('src="x"');
    expect(await visitor.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await visitor.context().close();

    const removed = await page.request.delete(`/api/staff/content/${item.id}`, { headers });
    expect(removed.status()).toBe(200);
    expect((await page.request.get(`${MIO_URL}/blog/${item.id}`)).status()).toBe(404);
  });

  test('the content APIs and pages refuse a visitor, a guest, a premium fan, support and another site’s owner', async ({
    page,
    browser,
    playwright,
  }, testInfo) => {
    test.slow();
    const title = `守る ${Date.now().toString(36)}${testInfo.workerIndex}`;
    await openConsole(page);
    const created = await page.request.post('/api/staff/content', {
      headers: { Origin: MIO_URL },
      data: { section: 'news', title },
    });
    expect(created.status()).toBe(201);
    const { item } = (await created.json()) as { item: { id: string } };
    const supportPage = await demoBrowser(browser, 'mio', 'support');
    await supportPage.goto(`${MIO_URL}/staff`);
    await expect(supportPage).toHaveURL(`${MIO_URL}/staff/members`);
    const fan = await fanPage(browser, 'premium');
    const guest = await demoBrowser(browser, 'mio', 'guest');
    // Request contexts a test opens take the spec's storage state unless told otherwise: none here.
    const noSession = { cookies: [], origins: [] };
    const visitor = await playwright.request.newContext({ baseURL: MIO_URL, storageState: noSession });
    // The second site's owner, with their session cookie sent to this site (a browser would not even send it).
    const otherPage = await demoBrowser(browser, 'second', 'owner');
    await otherPage.goto(`${SECOND_URL}/staff`);
    await expect(otherPage).toHaveURL(`${SECOND_URL}/staff/content`);
    const otherSession = (await otherPage.context().cookies(SECOND_URL)).find(
      (c) => c.name === SESSION_COOKIE,
    );
    expect(otherSession).toBeDefined();
    const other = await playwright.request.newContext({
      baseURL: MIO_URL,
      storageState: noSession,
      extraHTTPHeaders: { Cookie: `${SESSION_COOKIE}=${otherSession!.value}` },
    });
    const calls = [
      ['post', '/api/staff/content', { section: 'news', title: '乗っ取り' }],
      ['put', `/api/staff/content/${item.id}`, { title: '乗っ取り' }],
      ['post', `/api/staff/content/${item.id}/publish`, {}],
      ['post', `/api/staff/content/${item.id}/unpublish`, {}],
      ['delete', `/api/staff/content/${item.id}`, undefined],
    ] as const;
    for (const [who, request, status] of [
      ['visitor', visitor, 401],
      ['another site’s owner', other, 401],
      ['guest member', guest.request, 403],
      ['premium fan', fan.request, 403],
      ['support', supportPage.request, 403],
    ] as const) {
      for (const [method, url, data] of calls) {
        const response = await request[method](url, { headers: { Origin: MIO_URL }, data });
        expect(response.status(), `${who} ${method} ${url}`).toBe(status);
        expect(JSON.stringify(await response.json())).not.toContain(title);
      }
    }
    // The pages: a member or support gets 403 and nothing of the item; a visitor is sent to sign in.
    for (const viewer of [guest, fan, supportPage]) {
      for (const path of ['/staff/content?section=news', `/staff/content/${item.id}`]) {
        const response = await viewer.goto(`${MIO_URL}${path}`);
        expect(response?.status(), path).toBe(403);
        expect(await viewer.content()).not.toContain(title);
      }
    }
    const signedOut = await fanPage(browser, 'visitor');
    await signedOut.goto(`${MIO_URL}/staff/content/${item.id}/preview?as=premium`);
    await expect(signedOut).toHaveURL(/\/login\?next=/);
    expect(await signedOut.content()).not.toContain(title);
    await page.goto(`/staff/content/${item.id}`);
    await expect(page.getByLabel('タイトル')).toHaveValue(title);
    await expect(page.getByTestId('item-status')).toHaveText('下書き');
    expect(
      (await page.request.delete(`/api/staff/content/${item.id}`, { headers: { Origin: MIO_URL } })).status(),
    ).toBe(200);
    await Promise.all([visitor.dispose(), other.dispose()]);
    for (const opened of [fan, guest, supportPage, otherPage, signedOut]) await opened.context().close();
  });

  test('the console content pages pass axe', async ({ page }) => {
    test.slow();
    await openConsole(page);
    await page.goto('/staff/content?section=blog');
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoSeriousViolations(page, 'content list');
    await page.goto('/staff/content/new?section=ticket');
    await expectNoSeriousViolations(page, 'new item');
    await page.getByLabel('タイトル').fill(`axe ${Date.now().toString(36)}`);
    await page.getByRole('button', { name: '下書きを作成' }).click();
    await expect(page).toHaveURL(/\/staff\/content\/[0-9a-f-]{36}$/);
    const itemId = page.url().split('/').at(-1)!;
    await expect(page.getByTestId('body-editor')).toBeVisible();
    await page.getByRole('button', { name: '公演を追加' }).click();
    await page.getByRole('button', { name: 'リンク' }).click();
    await expect(page.getByLabel('リンク先 URL（空欄でリンクを解除）')).toBeVisible();
    await expectNoSeriousViolations(page, 'edit page');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByTestId('field-error').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'edit page with errors');
    await page.getByRole('button', { name: '削除', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'この記事を削除しますか？' })).toBeVisible();
    await expectNoSeriousViolations(page, 'delete dialog');
    await page.getByRole('button', { name: 'キャンセル' }).click();
    // Leaving with unsaved edits (the performance added) asks first.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    for (const as of ['guest', 'premium']) {
      await page.goto(`/staff/content/${itemId}/preview?as=${as}`);
      expect(dialogs).toEqual(['beforeunload']);
      await expectNoSeriousViolations(page, `preview as ${as}`);
    }
    // Deleting through the dialog: the item is gone, and its list no longer shows it.
    await page.goto(`/staff/content/${itemId}`);
    await page.getByRole('button', { name: '削除', exact: true }).click();
    await page.getByRole('button', { name: '削除する' }).click();
    await expect(page).toHaveURL(/\/staff\/content\?section=ticket$/);
    await expect(toast(page, '削除しました')).toBeVisible();
    expect((await page.goto(`/staff/content/${itemId}`))?.status()).toBe(404);
  });

  test('the editor page fits a phone: no sideways scrolling', { tag: '@phone' }, async ({ page }) => {
    await openConsole(page);
    const created = await page.request.post('/api/staff/content', {
      headers: { Origin: MIO_URL },
      data: { section: 'ticket', title: `スマホ ${Date.now().toString(36)}` },
    });
    expect(created.status()).toBe(201);
    const { item } = (await created.json()) as { item: { id: string } };
    await page.goto(`/staff/content/${item.id}`);
    await expect(page.getByTestId('body-editor')).toBeVisible();
    await page.getByRole('button', { name: '公演を追加' }).click();
    await expect(page.getByLabel('会場')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('body-editor').click();
    await page.keyboard.type('スマホから');
    await page.getByRole('button', { name: '太字' }).click();
    await expect(page.getByRole('button', { name: '太字' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText('会場を入力してください')).toBeVisible();
    await page.getByLabel('会場').fill('日本武道館');
    await page.getByLabel('受付開始日時').fill('2026-12-01T10:00');
    await page.getByLabel('受付終了日時').fill('2026-12-10T23:59');
    await page.getByLabel('開演日時').fill('2027-01-10T18:00');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(toast(page, '保存しました')).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});

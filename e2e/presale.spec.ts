import { expect, test } from './support/test';
import { toast } from './support/auth';
import { demoBrowser } from './support/sessions';
import { MIO_URL } from './support/sites';
import { expectNoSeriousViolations } from './support/axe';

/**
 * Issue 23 in a browser: an editor sets up a presale on a new TICKET item through the console form (a rule broken
 * first, then fixed), and the demo's premium fan applies to the open presale on its TICKET item, finds it on My
 * page, cancels it, and recomputes the drawn presale's published draw in the browser with their own entry marked.
 * The demo seeds the site's four newest TICKET items as 受付前, 受付中, 受付終了 and 抽選済 (scripts/lib/seed-presales.ts).
 */

test.describe('presale', () => {
  test('an editor sets up a presale with the console form; a broken rule gets a Japanese message', async ({
    browser,
  }, testInfo) => {
    const page = await demoBrowser(browser, 'mio', 'editor');
    const title = `E2E 先行 ${Date.now().toString(36)}${testInfo.workerIndex}`;
    const created = await page.request.post('/api/staff/content', {
      headers: { Origin: MIO_URL },
      data: { section: 'ticket', title },
    });
    expect(created.status()).toBe(201);
    const { item } = (await created.json()) as { item: { id: string } };

    await page.goto('/staff/presales');
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: '新しい先行受付' })).toBeVisible();
    await page.getByLabel('会場').fill('Zepp Haneda');
    // The close before the opening: refused before anything is saved.
    const opensAt = await page.getByLabel('受付開始').inputValue();
    const closesAt = await page.getByLabel('受付終了').inputValue();
    await page.getByLabel('受付終了').fill(opensAt);
    await page.getByRole('button', { name: '先行受付を設定する' }).click();
    await expect(page.getByText('受付終了は受付開始より後にしてください。')).toBeVisible();
    const unsaved = await page.request.get(`/api/presales/item/${item.id}`);
    expect(await unsaved.json()).toBeNull();

    await page.getByRole('button', { name: '席種を追加' }).click();
    await page.getByLabel('席種').nth(1).fill('立見');
    await page.getByLabel('受付終了').fill(closesAt);
    await page.getByRole('button', { name: '先行受付を設定する' }).click();
    await expect(toast(page, '先行受付を設定しました')).toBeVisible();
    await expect(page.getByTestId('presale-state')).toContainText('受付前');
    await expect(page.getByTestId('presale-state')).toContainText(/[0-9a-f]{64}/);
    await expectNoSeriousViolations(page, 'staff presale form');

    const saved = (await (await page.request.get(`/api/presales/item/${item.id}`)).json()) as {
      state: string;
      performances: { venue: string; offerings: { seatType: string }[] }[];
    };
    expect(saved.state).toBe('upcoming');
    expect(saved.performances[0]!.venue).toBe('Zepp Haneda');
    expect(saved.performances[0]!.offerings.map((o) => o.seatType).sort()).toEqual(['指定席', '立見']);
    await page.context().close();
  });

  test('a premium fan applies, sees it on My page, cancels, and verifies the drawn presale in the browser', async ({
    browser,
  }) => {
    const page = await demoBrowser(browser, 'mio', 'premium');
    await page.goto('/ticket');
    const items = page.locator('main a[href^="/ticket/"]');
    await expect(items.first()).toBeVisible();
    // Newest first: 受付前, 受付中, 受付終了, 抽選済.
    const [, openHref, , drawnHref] = await items.evaluateAll((links) => [
      ...new Set(links.map((link) => link.getAttribute('href')!)),
    ]);

    await page.goto(openHref!);
    const form = page.getByRole('form', { name: '先行受付のお申し込み' });
    await expect(form).toBeVisible();
    await form.getByLabel('第1希望').selectOption({ index: 1 });
    await form.getByRole('button', { name: '申し込む' }).click();
    const receipt = page.locator('[data-application] strong').first();
    await expect(receipt).toHaveText(/^[A-Z0-9-]+$/);
    const receiptNo = (await receipt.textContent())!;

    await page.goto('/mypage');
    await expect(page.getByText(receiptNo)).toBeVisible();

    await page.goto(openHref!);
    await page.getByRole('button', { name: '申込を取り消す' }).click();
    await expect(toast(page, 'お申し込みを取り消しました。')).toBeVisible();
    await expect(form).toBeVisible();

    await page.goto(drawnHref!);
    await page.getByRole('link', { name: /^受付番号 [0-9A-Z-]+ の当落を検証する$/ }).click();
    await expect(page.getByRole('status')).toContainText('検証できました', { timeout: 20_000 });
    // The fan's own entry, from the link's ?entry=, marked by the browser's own recomputation.
    await expect(
      page.getByText(/^受付番号 [0-9A-Z-]+：(第\d希望で当選（再計算の結果）|落選（再計算の結果）|無効)$/),
    ).toBeVisible();
    await page.context().close();
  });
});

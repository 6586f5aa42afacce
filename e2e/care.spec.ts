import { expect, test, type Page } from './support/test';
import { toast } from './support/auth';
import { demoBrowser } from './support/sessions';

/**
 * Issue 43, parts 3 and 4 (decision 0053). Seats for everyone: the demo premium fan's paid application on mio's drawn
 * presale asks for a wheelchair space (made with the application, scripts/lib/seed-presales.ts); the owner sees it on
 * the paid list and its CSV, support in the door's roster; an editor (paid list) and door staff (roster) never do.
 * Help that knows you: the fan asks about a payment from My page, support answers with the payment one click away,
 * and the fan reads the answer on My page.
 */
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const REQUEST = '電動車椅子を使用します';

async function drawnItemId(page: Page): Promise<string> {
  await page.goto('/ticket');
  const items = page.locator('main a[href^="/ticket/"]');
  await expect(items.first()).toBeVisible();
  // Newest first: 受付前, 受付中, 受付終了, 抽選済.
  const hrefs = await items.evaluateAll((links) => [
    ...new Set(links.map((link) => link.getAttribute('href')!)),
  ]);
  return hrefs[3]!.split('/').pop()!;
}

test('a wheelchair request shows on the paid list and at the door for staff with the right, not for an editor', async ({
  browser,
}) => {
  const fan = await demoBrowser(browser, 'mio', 'premium');
  const itemId = await drawnItemId(fan);
  await fan.context().close();

  const owner = await demoBrowser(browser, 'mio', 'owner');
  await owner.goto(`/staff/presales/${itemId}/paid`);
  await expect(owner.getByRole('columnheader', { name: 'ご要望' })).toBeVisible();
  await expect(owner.getByTestId('paid-access').filter({ hasText: REQUEST })).toContainText('車椅子スペース');
  const ownerCsv = await owner.request.get(`/api/staff/presales/${itemId}/paid.csv`);
  expect(await ownerCsv.text()).toContain(REQUEST);
  await owner.context().close();

  const editor = await demoBrowser(browser, 'mio', 'editor');
  await editor.goto(`/staff/presales/${itemId}/paid`);
  await expect(editor.getByTestId('paid-list')).toBeVisible();
  await expect(editor.getByRole('columnheader', { name: 'ご要望' })).toHaveCount(0);
  expect(await editor.content()).not.toContain(REQUEST);
  const editorCsv = await editor.request.get(`/api/staff/presales/${itemId}/paid.csv`);
  expect(await editorCsv.text()).not.toContain(REQUEST);
  await editor.context().close();

  // The door keeps each performance's roster on its device: support's carries the request, door staff's does not.
  for (const [role, sees] of [
    ['support', true],
    ['door', false],
  ] as const) {
    const page = await demoBrowser(browser, 'mio', role);
    await page.goto('/staff/door');
    const ids = await page
      .getByTestId('door-performance')
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const rosters = await Promise.all(
      ids.map(async (id) => (await page.request.get(`/api/staff/door/${id}`)).text()),
    );
    expect(rosters.some((roster) => roster.includes(REQUEST))).toBe(sees);
    await page.context().close();
  }
});

test('a fan asks about a payment from My page, support answers with the payment linked, the fan reads it', async ({
  browser,
}) => {
  const question = `領収書の宛名について（${Date.now().toString(36)}）`;
  const fan = await demoBrowser(browser, 'mio', 'premium');
  await fan.goto('/mypage');
  await fan
    .getByTestId('payment-history')
    .getByRole('link', { name: /のお支払いについてお問い合わせ$/ })
    .first()
    .click();
  await expect(fan).toHaveURL(/\/mypage\/contact\?payment=[\w-]+&from=%2Fmypage$/);
  const context = fan.getByTestId('support-context');
  await expect(context).toContainText('会員番号');
  await expect(context).toContainText('対象のお支払い');
  await fan.getByLabel('お問い合わせ内容').fill(question);
  await fan.getByRole('button', { name: '送信する' }).click();
  await expect(fan).toHaveURL(/\/mypage\/contact\/[0-9a-f-]{36}$/);
  const threadUrl = fan.url();
  await expect(fan.getByTestId('support-status')).toHaveText('回答待ち');

  const support = await demoBrowser(browser, 'mio', 'support');
  await support.goto('/staff/support');
  await support
    .getByTestId('support-list')
    .getByRole('link', { name: /^お支払い：/ })
    .first()
    .click();
  await expect(support.getByTestId('support-messages')).toContainText(question);
  await expect(support.getByTestId('support-payment-link')).toHaveAttribute(
    'href',
    /^\/staff\/members\/[0-9a-f-]{36}#payment-/,
  );
  await expect(support.getByTestId('support-member-link')).toHaveAttribute(
    'href',
    /^\/staff\/members\/[0-9a-f-]{36}$/,
  );
  await support.getByLabel('回答する').fill('宛名の変更を承りました。新しい領収書をご確認ください。');
  await support.getByRole('button', { name: '回答を送る' }).click();
  await expect(toast(support, '回答を送りました')).toBeVisible();
  await support.context().close();

  await fan.goto(threadUrl);
  await expect(fan.getByTestId('support-status')).toHaveText('回答済み');
  await expect(fan.locator('[data-author="staff"]')).toContainText('宛名の変更を承りました。');
  await fan.goto('/mypage/notices');
  await expect(fan.getByText('お問い合わせに回答しました').first()).toBeVisible();
  await fan.context().close();
});

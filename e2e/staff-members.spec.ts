import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page, type TestInfo } from './support/test';
import { parse } from 'csv-parse/sync';
import { demoAccount, toast } from './support/auth';
import { demoBrowser, demoSession } from './support/sessions';
import { expectNoSeriousViolations } from './support/axe';
import { fullItem, lockedNotice, openItem, publishedItems } from './support/content';
import {
  ADDRESS,
  PROFILE,
  newBrowser,
  post,
  saveSteps,
  signedInNewUser,
  uniqueNickname,
} from './support/membership';
import { MIO_URL, SECOND_URL, fontsReady } from './support/sites';

/**
 * The members part of the staff console: support finds a member, grants complimentary premium that the member's
 * next page view honours, and revokes it; the list's filters, its CSV and who may not open it. The member is a fresh
 * account each time (the demo accounts are shared with every other spec). Desktop only by design, except the phone
 * check of the list's layout.
 */

const support = demoAccount('mio', 'support');
const PREMIUM_POST = publishedItems('mio', 'blog').find((item) => !item.openToAll)!;

// The page of every test is mio's support account's, but where a test says otherwise.
test.use({ storageState: demoSession('mio', 'support') });

async function openMembers(page: Page): Promise<void> {
  await page.goto(`${MIO_URL}/staff/members`);
  await expect(page).toHaveURL(`${MIO_URL}/staff/members`);
}

/** A new account of mio that stopped at the plans step: a guest, with its e-mail kept, but no member number yet. */
async function freshGuest(browser: Browser, testInfo: TestInfo) {
  const fan = await newBrowser(browser, 'mio', testInfo);
  const user = await signedInNewUser(fan.page, 'mio', 'staff-grant');
  const nickname = uniqueNickname('付与テスト');
  await saveSteps(fan.page, 'mio', { nickname, profile: PROFILE, address: ADDRESS, plan: 'monthly' });
  return { ...fan, user, nickname };
}

/** The row whose nickname link is exactly this (fresh members' nicknames may start with a demo nickname). */
const memberRow = (page: Page, nickname: string) =>
  page
    .getByTestId('members-table')
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: nickname, exact: true }) });

/** Searches the list and opens the member's page; returns its id. */
async function openMember(page: Page, query: string, nickname: string): Promise<string> {
  await page.getByLabel('キーワード', { exact: true }).fill(query);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/staff/members\\?q=${encodeURIComponent(query).replace(/\./g, '\\.')}`),
  );
  await expect(memberRow(page, nickname)).toHaveCount(1);
  await memberRow(page, nickname).getByRole('link', { name: nickname, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(nickname);
  return page.url().split('/').at(-1)!;
}

/** test-results/screens/<project>-staff-members-<name>.png, like the other specs' screenshots; for a person to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  await fontsReady(page);
  const file = `test-results/screens/${test.info().project.name}-staff-members-${name}.png`;
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await test.info().attach(`staff-members-${name}`, { path: file, contentType: 'image/png' });
}

/**
 * A grant's end date, as a date input takes it (Japan time): a year from now. Grants are checked against the site's
 * billing time, and the sandbox's test clock is shared by every spec on mio (membership-leave moves it on by 40
 * days a run), so a near date could already be past for the site; a year stays inside the allowed two.
 */
function aYearAhead(): string {
  const date = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(date);
}

test('support grants complimentary premium and that member sees premium content; a revoke locks it again', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const fan = await freshGuest(browser, testInfo);
  await openItem(fan.page, MIO_URL, 'blog', PREMIUM_POST.title);
  await expect(lockedNotice(fan.page)).toBeVisible();

  await openMembers(page);
  await expect(page.getByRole('heading', { level: 1, name: '会員' })).toBeVisible();
  const memberId = await openMember(page, fan.user.email, fan.nickname);
  const profile = page.getByTestId('member-profile');
  await expect(profile).toContainText(fan.user.email);
  await expect(profile).toContainText('山田 美緒');
  await expect(profile).toContainText('ゲスト');
  await expectNoSeriousViolations(page, 'staff member detail');

  // A date in the past is refused beside the field; nothing is granted.
  await page.getByLabel('終了日', { exact: true }).fill('2020-01-01');
  await page.getByRole('button', { name: 'プレミアムを無償付与' }).click();
  await expect(page.getByText('終了日は明日以降の日付を指定してください。')).toBeVisible();
  await expect(page.locator('tr[data-grant-id]')).toHaveCount(0);

  await page.getByLabel('終了日', { exact: true }).fill(aYearAhead());
  await page.getByRole('button', { name: 'プレミアムを無償付与' }).click();
  await expect(toast(page, 'プレミアムを無償付与しました')).toBeVisible();
  await expect(profile).toContainText('プレミアム（無償付与）');
  await expect(page.locator('tr[data-grant-id]')).toHaveCount(1);
  await expect(page.locator('tr[data-grant-id]')).toContainText('有効');
  await expect(page.locator('tr[data-grant-id]')).toContainText(support.displayName);
  await shoot(page, 'detail-granted');

  // The member's next page view is premium: the body, not the locked notice.
  await openItem(fan.page, MIO_URL, 'blog', PREMIUM_POST.title);
  await expect(fullItem(fan.page)).toBeVisible();
  await expect(lockedNotice(fan.page)).toHaveCount(0);
  await expect(fan.page.locator('.item-body')).toBeVisible();

  // Revoked: asked first, then a guest again, and the post is locked again.
  await page.getByRole('button', { name: /までの無償付与を取り消す$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: '取り消す', exact: true }).click();
  await expect(toast(page, '無償付与を取り消しました')).toBeVisible();
  await expect(profile).toContainText('ゲスト');
  await expect(page.locator('tr[data-grant-id]')).toContainText('取り消し済み');
  await openItem(fan.page, MIO_URL, 'blog', PREMIUM_POST.title);
  await expect(lockedNotice(fan.page)).toBeVisible();

  // The member themself may not grant, another site's owner finds no such member, a visitor is asked to sign in.
  const self = await post(fan.page, `/api/staff/members/${memberId}/grants`, {
    body: { endsOn: aYearAhead() },
  });
  expect(self.status).toBe(403);
  const other = await demoBrowser(browser, 'second', 'owner', testInfo);
  await other.goto(`${SECOND_URL}/mypage`);
  const elsewhere = await post(other, `/api/staff/members/${memberId}/grants`, {
    body: { endsOn: aYearAhead() },
  });
  expect(elsewhere.status).toBe(404);
  const visitor = await newBrowser(browser, 'mio', testInfo);
  await visitor.page.goto(`${MIO_URL}/`);
  expect((await post(visitor.page, `/api/staff/members/${memberId}/grants`, { body: {} })).status).toBe(401);
  await expect(profile).toContainText('ゲスト');
  await Promise.all([fan.context.close(), other.context().close(), visitor.context.close()]);
});

test('the list filters by status in the URL, and its CSV opens with the Japanese nicknames', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const fan = await freshGuest(browser, testInfo);
  await fan.context.close();
  await openMembers(page);
  await expectNoSeriousViolations(page, 'staff members list');

  await page.getByLabel('ステータス', { exact: true }).selectOption({ label: 'プレミアム' });
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/members\?.*\bstatus=premium\b/);
  const badges = page.getByTestId('members-table').locator('[data-status]');
  await expect(badges.first()).toBeVisible();
  expect(
    new Set(await badges.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')))),
  ).toEqual(new Set(['premium']));
  await expect(memberRow(page, demoAccount('mio', 'premium').displayName)).toHaveCount(1);
  await expect(memberRow(page, fan.nickname)).toHaveCount(0);
  await shoot(page, 'list-premium');

  // The seeded premium member's page: the sandbox's invoice of the paid month is the payment history.
  await memberRow(page, demoAccount('mio', 'premium').displayName)
    .getByRole('link', { name: demoAccount('mio', 'premium').displayName, exact: true })
    .click();
  await expect(page.getByTestId('member-profile')).toContainText('プレミアム');
  const payments = page.locator('tr[data-payment-status]');
  await expect(payments.first()).toContainText('550円');
  await expect(payments.first()).toContainText('支払い済み');
  await page.goBack();

  // A shared link opens the same filtered list.
  await page.goto(`${MIO_URL}/staff/members?status=expired`);
  await expect(page.getByLabel('ステータス', { exact: true })).toHaveValue('expired');
  await expect(memberRow(page, demoAccount('mio', 'expired' as 'guest').displayName)).toHaveCount(1);

  // The CSV of a search for the fresh member: BOM, Japanese header and nickname.
  await page.goto(`${MIO_URL}/staff/members?q=${encodeURIComponent(fan.user.email)}`);
  await expect(memberRow(page, fan.nickname)).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'CSVをダウンロード' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^members-\d{8}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
  expect(rows).toEqual([
    {
      会員番号: '',
      ニックネーム: fan.nickname,
      メールアドレス: fan.user.email,
      ステータス: 'ゲスト',
      プラン: '',
      入会日: '',
      // For mailings (support and owners), and the terms the fan agreed to (decision 0027).
      氏名: '山田 美緒',
      フリガナ: 'ヤマダ ミオ',
      郵便番号: '100-0001',
      都道府県: '東京都',
      市区町村: '千代田区千代田',
      番地: '1-2-3',
      建物名: 'テストハイツ101',
      電話番号: '09087654321',
      同意した利用規約の版: expect.stringMatching(/^\d+$/),
      同意したプライバシーポリシーの版: expect.stringMatching(/^\d+$/),
      規約同意日時: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
    },
  ]);
});

test.describe('as the editor', () => {
  test.use({ storageState: demoSession('mio', 'editor') });

  test('the editor gets 403 on the members pages and API', async ({ page }) => {
    const response = await page.goto(`${MIO_URL}/staff/members`);
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId('members-table')).toHaveCount(0);
    const csv = await page.request.get(`${MIO_URL}/api/staff/members/export.csv`);
    expect(csv.status()).toBe(403);
    expect(await csv.text()).not.toContain('メールアドレス');
  });
});

test(
  'on a phone the list scrolls inside its frame and the page does not',
  { tag: '@phone' },
  async ({ page }) => {
    await openMembers(page);
    const frame = page.getByTestId('members-table');
    await expect(frame).toBeVisible();
    const sizes = await frame.evaluate((element) => ({
      frame: element.clientWidth,
      table: element.scrollWidth,
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(sizes.table).toBeGreaterThan(sizes.frame);
    expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
    await shoot(page, 'list');
  },
);

import { expect, test, type Page } from './support/test';
import { createUser, demoAccount, signIn, toast } from './support/auth';
import { demoBrowser, demoSession } from './support/sessions';
import { expectNoSeriousViolations } from './support/axe';
import {
  ADDRESS,
  PROFILE,
  newBrowser,
  post,
  saveSteps,
  signedInNewUser,
  uniqueNickname,
} from './support/membership';
import { MIO_URL, SECOND_URL } from './support/sites';
import { demoItem, lockedNotice, openItem } from './support/content';

/**
 * The owner's side of the console: a plan created is offered at sign-up and, once retired, no longer; staff added
 * by e-mail get in with their role, lose what a new role does not open and everything once removed; each change is
 * in the audit log. Fresh accounts only: the demo accounts are shared with every other spec. The flows run on a
 * desktop; at 390 px the owner's pages are checked for their layout and with axe.
 */

const owner = demoAccount('mio', 'owner');
test.use({ storageState: demoSession('mio', 'owner') });

/** test-results/screens/<project>-staff-<name>.png, for a person to look at (like e2e/screenshots.spec.ts). */
async function shot(page: Page, name: string): Promise<void> {
  // Wide tables scroll inside their own box: the page itself never scrolls sideways (390 px on the phone).
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page, `${name}: no sideways scrolling`).toBeLessThanOrEqual(widths.viewport);
  const file = `test-results/screens/${test.info().project.name}-staff-${name}.png`;
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await test.info().attach(`staff-${name}`, { path: file, contentType: 'image/png' });
}

async function openAsOwner(page: Page, path: string): Promise<void> {
  await page.goto(`${MIO_URL}${path}`);
  await expect(page).toHaveURL(`${MIO_URL}${path}`);
}

const planRow = (page: Page, name: string) => page.getByTestId('plan-table').locator('tr', { hasText: name });
const staffRow = (page: Page, email: string) => page.locator(`li[data-staff-email="${email}"]`);
const auditEntry = (page: Page, action: string, text: string) =>
  page.locator(`li[data-audit-action="${action}"]`).filter({ hasText: text });

test('the owner creates a plan offered at sign-up, retires it, and reads both in the audit log', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const name = `E2E年額${testInfo.project.name}${Math.random().toString(36).slice(2, 7)}`;
  await openAsOwner(page, '/staff/plans');
  await expect(page.getByRole('heading', { level: 1, name: 'プラン' })).toBeVisible();
  await expect(planRow(page, '月額会員').first()).toContainText('¥550');

  // Bad input: the field says why, nothing is created.
  await page.getByLabel('プラン名', { exact: true }).fill(name);
  await page.getByLabel('請求の間隔', { exact: true }).selectOption('year');
  await page.getByLabel('価格（円・税込）', { exact: true }).fill('50');
  await page.getByRole('button', { name: 'プランを作成' }).click();
  await expect(page.getByText('価格は100円以上で入力してください')).toBeVisible();
  await expect(planRow(page, name)).toHaveCount(0);

  await page.getByLabel('価格（円・税込）', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'プランを作成' }).click();
  await expect(toast(page, `プラン「${name}」を作成しました`)).toBeVisible();
  await expect(planRow(page, name)).toContainText('年額');
  await expect(planRow(page, name)).toContainText('¥12,345');
  await expect(planRow(page, name)).toContainText('提供中');
  await expect(planRow(page, name)).toContainText('0人');
  await expectNoSeriousViolations(page, 'staff plans');
  await shot(page, 'plans');

  // A fresh account on its way in is offered the new plan at the plans step.
  const fan = await newBrowser(browser, 'mio', testInfo);
  try {
    await signedInNewUser(fan.page, 'mio', 'plan-fan');
    await saveSteps(fan.page, 'mio', { nickname: uniqueNickname(), profile: PROFILE, address: ADDRESS });
    await fan.page.goto(`${MIO_URL}/signup/plans`);
    const offered = fan.page.getByRole('radio', { name: new RegExp(name) });
    await expect(offered).toHaveCount(1);
    await expect(fan.page.getByText(name).locator('..')).toContainText('12,345円');
    const planId = (await offered.getAttribute('value'))!;

    // Retired: asked first, then no longer offered nor accepted.
    await page.getByRole('button', { name: `「${name}」を提供終了` }).click();
    const dialog = page.getByRole('dialog', { name: 'このプランを提供終了にしますか？' });
    await expect(dialog).toContainText('加入中の会員（0人）はこのプランのまま継続');
    await dialog.getByRole('button', { name: '提供終了にする' }).click();
    await expect(toast(page, `「${name}」を提供終了にしました`)).toBeVisible();
    await expect(planRow(page, name)).toContainText('提供終了');

    await fan.page.reload();
    await expect(fan.page.getByRole('radio')).not.toHaveCount(0);
    await expect(fan.page.getByRole('radio', { name: new RegExp(name) })).toHaveCount(0);
    const refused = await post(fan.page, '/api/signup/plans', { body: { planId } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('このプランはお申し込みいただけません。');
  } finally {
    await fan.context.close();
  }

  await page.goto(`${MIO_URL}/staff/audit?kind=plans`);
  await expect(auditEntry(page, 'plan.create', name)).toHaveCount(1);
  const retired = auditEntry(page, 'plan.retire', name);
  await expect(retired).toHaveCount(1);
  await expect(retired).toContainText('プランを提供終了');
  await expect(retired).toContainText(`${owner.displayName}（${owner.email}）・オーナー`);
  await expect(retired.locator('time')).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  await retired.getByText('変更内容').click();
  await expect(retired.locator('tr', { hasText: '提供中' })).toContainText('はい');
  await expect(retired.locator('tr', { hasText: '提供中' })).toContainText('いいえ');
  await expect(page.locator('li[data-audit-action^="staff."]')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'staff audit (plans)');
  await shot(page, 'audit');
});

test('the owner adds staff by e-mail, changes their role and removes them; each takes effect at once', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const staffUser = await createUser('mio', { label: 'staff' });
  await openAsOwner(page, '/staff/team');
  await expect(page.getByRole('heading', { level: 1, name: 'スタッフ' })).toBeVisible();
  await expect(staffRow(page, owner.email)).toContainText('オーナー');

  // Only accounts of this site, and never without an owner.
  await page.getByLabel('メールアドレス', { exact: true }).fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'スタッフを追加' }).click();
  await expect(
    page.getByText(
      'このメールアドレスのアカウントが見つかりません。先にこのサイトでアカウントを作成してもらってください。',
    ),
  ).toBeVisible();
  await staffRow(page, owner.email).getByRole('combobox').selectOption('support');
  await staffRow(page, owner.email)
    .getByRole('button', { name: /の役割を変更$/ })
    .click();
  await expect(staffRow(page, owner.email).getByRole('alert')).toContainText('オーナーが1人もいなくなる');
  await page.reload();
  await expect(staffRow(page, owner.email).getByTestId('staff-role')).toHaveText('オーナー');

  await page.getByLabel('メールアドレス', { exact: true }).fill(staffUser.email);
  await page.getByLabel('役割', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'スタッフを追加' }).click();
  await expect(toast(page, `${staffUser.email} を編集者として追加しました`)).toBeVisible();
  await expect(staffRow(page, staffUser.email).getByTestId('staff-role')).toHaveText('編集者');
  await expectNoSeriousViolations(page, 'staff team');
  await shot(page, 'team');

  const staff = await newBrowser(browser, 'mio', testInfo);
  try {
    await signIn(staff.page, staffUser.email, staffUser.password);
    await staff.page.goto(`${MIO_URL}/staff`);
    await expect(staff.page).toHaveURL(`${MIO_URL}/staff/content`);
    expect((await staff.page.goto(`${MIO_URL}/staff/team`))?.status()).toBe(403);

    // Support now: content is closed on the very next request.
    const row = staffRow(page, staffUser.email);
    await row.getByRole('combobox').selectOption('support');
    await row.getByRole('button', { name: /の役割を変更$/ }).click();
    await expect(row.getByTestId('staff-role')).toHaveText('サポート');
    expect((await staff.page.goto(`${MIO_URL}/staff/content`))?.status()).toBe(403);

    // Removed: nothing of the console any more, pages nor APIs.
    await row.getByRole('button', { name: /をスタッフから削除$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
    await expect(staffRow(page, staffUser.email)).toHaveCount(0);
    expect((await staff.page.goto(`${MIO_URL}/staff`))?.status()).toBe(403);
    const refused = await post(staff.page, '/api/staff/content', { body: { section: 'blog', title: 'x' } });
    expect(refused.status).toBe(403);
  } finally {
    await staff.context.close();
  }

  await page.goto(`${MIO_URL}/staff/audit?kind=staff`);
  for (const action of ['staff.add', 'staff.role', 'staff.remove']) {
    await expect(auditEntry(page, action, staffUser.email)).toHaveCount(1);
  }
  const changed = auditEntry(page, 'staff.role', staffUser.email);
  await changed.getByText('変更内容').click();
  await expect(changed.locator('tr', { hasText: '役割' })).toContainText('編集者');
  await expect(changed.locator('tr', { hasText: '役割' })).toContainText('サポート');
  await expect(page.locator('li[data-audit-action^="plan."]')).toHaveCount(0);
});

test('My page leads staff to the console, and only staff', async ({ page, browser }) => {
  await openAsOwner(page, '/mypage');
  await page.getByRole('link', { name: 'スタッフ管理へ' }).click();
  await expect(page).toHaveURL(/\/staff\/content/);

  const fan = await demoBrowser(browser, 'mio', 'premium');
  await fan.goto(`${MIO_URL}/mypage`);
  await expect(fan.getByRole('heading', { name: 'マイページ' })).toBeVisible();
  await expect(fan.getByRole('link', { name: 'スタッフ管理へ' })).toHaveCount(0);
  await fan.context().close();
});

// One test per page: axe and a full-page picture of four pages took over 30 s on a busy machine.
for (const [name, path] of [
  ['plans', '/staff/plans'],
  ['team', '/staff/team'],
  ['audit', '/staff/audit'],
  ['jobs', '/staff/jobs'],
] as const) {
  test(`the owner's ${name} page fits a phone and passes axe there`, { tag: '@phone' }, async ({ page }) => {
    await openAsOwner(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, `staff ${name}`);
    await shot(page, name);
  });
}

test('a cheaper plan shows at once beside every locked item, and the old price comes back when it is retired', async ({
  browser,
}, testInfo) => {
  // The second site, so that the sign-up specs on mio never meet this plan; its demo price is 月額 660円.
  const staff = await demoBrowser(browser, 'second', 'owner', testInfo);
  const fan = await newBrowser(browser, 'second', testInfo);
  try {
    const item = demoItem('second', 'ticket-02');
    const path = await openItem(fan.page, SECOND_URL, item.section, item.title);
    const price = lockedNotice(fan.page).getByTestId('entry-price');
    await expect(price).toHaveText('月額 660円〜（税込）');

    await staff.goto(`${SECOND_URL}/staff/plans`);
    const created = await post(staff, '/api/staff/plans', {
      body: { name: `E2Eお試し${testInfo.project.name}`, interval: 'month', priceYen: 110 },
    });
    expect(created.status).toBe(201);
    // The kept rendering of the locked item is renewed with the plans (not up to its 30 s later).
    await fan.page.goto(`${SECOND_URL}${path}`);
    await expect(price).toHaveText('月額 110円〜（税込）');

    const retired = await post(staff, `/api/staff/plans/${created.body.plan.id}/retire`);
    expect(retired.status).toBe(200);
    await fan.page.goto(`${SECOND_URL}${path}`);
    await expect(price).toHaveText('月額 660円〜（税込）');
  } finally {
    await fan.context.close();
    await staff.context().close();
  }
});

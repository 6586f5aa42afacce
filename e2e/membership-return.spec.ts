import { expect, test, type Page } from './support/test';
import { MIO_URL, SECOND_URL, mio, second } from './support/sites';
import { FRESH_PASSWORD, authReady, signInWithToken, toast, uniqueEmail } from './support/auth';
import { expectNoSeriousViolations } from './support/axe';
import { demoItem, fullItem, lockedNotice, openItem } from './support/content';
import {
  ADDRESS,
  CARDS,
  PLANS,
  PROFILE,
  choosePlan,
  expectStep,
  fillAddress,
  fillNickname,
  fillProfile,
  newBrowser,
  payWith,
  saveSteps,
  shoot,
  signedInNewUser,
  uniqueNickname,
} from './support/membership';
import { confirmEmailFromMail, consentBox } from './support/consent';

/**
 * Issue 21, the way in and back: a locked item names the price of joining beside its way in, and the fan who joins
 * from it (the seven steps as a visitor, or a guest member who only picks a plan and pays) is brought back to it,
 * now readable. The page it came from is kept with the sign-up progress, so another browser ends there too.
 */

const ITEM = demoItem('mio', 'blog-03');
const plan = PLANS.mio.monthly;

/** Every request the page makes to Stripe: the sandbox's card form must not load Stripe.js (no network here). */
function stripeRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname.endsWith('stripe.com')) seen.push(request.url());
  });
  return seen;
}

async function expectBackOnItem(page: Page, path: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: '入会手続き完了' })).toBeVisible();
  await page.getByTestId('return-to-item').click();
  await expect(page).toHaveURL(`${MIO_URL}${path}`);
  await expect(fullItem(page)).toBeVisible();
  await expect(lockedNotice(page)).toHaveCount(0);
}

test('a visitor joins from a locked item, seeing its price, and is brought back to it, now readable', async ({
  page,
}) => {
  test.slow();
  const stripe = stripeRequests(page);
  const path = await openItem(page, MIO_URL, ITEM.section, ITEM.title);
  await expect(lockedNotice(page).getByTestId('entry-price')).toHaveText('月額 550円〜（税込）');
  await expectNoSeriousViolations(page, 'locked item with its price');
  await shoot(page, 'return-locked-item');

  await lockedNotice(page).getByRole('link', { name: '新規入会' }).click();
  await expect(page).toHaveURL(`${MIO_URL}/signup?next=${encodeURIComponent(path)}`);
  await authReady(page);
  await expect(page.getByTestId('human-check')).toHaveText('✓ 自動登録対策の確認が完了しました');
  const email = uniqueEmail('return');
  await page.getByLabel('メールアドレス', { exact: true }).fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(FRESH_PASSWORD);
  await page.getByLabel('パスワード（確認）', { exact: true }).fill(FRESH_PASSWORD);
  await consentBox(page).check();
  await page.getByRole('button', { name: '登録して次へ' }).click();
  await expect(toast(page, 'アカウントを作成しました')).toBeVisible();

  await expectStep(page, 'mio', 'nickname');
  await fillNickname(page, uniqueNickname());
  await expectStep(page, 'mio', 'profile');
  await fillProfile(page);
  await expectStep(page, 'mio', 'address');
  await fillAddress(page, ADDRESS);
  await expectStep(page, 'mio', 'plans');
  await choosePlan(page, plan);
  await expectStep(page, 'mio', 'payment');
  // The address is confirmed from the provider's mail before paying (decision 0027).
  await confirmEmailFromMail(page, 'mio', email);
  await page.reload();
  await expect(page.getByTestId('sandbox-notice')).toBeVisible();
  await payWith(page, CARDS.visa, plan);

  await expectStep(page, 'mio', 'complete');
  await expectNoSeriousViolations(page, 'complete step with the way back');
  await shoot(page, 'return-complete');
  await expectBackOnItem(page, path);
  // The sandbox's card form worked without Stripe.js, and never asked for it.
  expect(stripe).toEqual([]);
  await expect(page.locator('script[src*="stripe.com"]')).toHaveCount(0);
});

test('a guest member picks a plan from a locked item, comes back another day in another browser, and still lands on it', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const user = await signedInNewUser(page, 'mio', 'return-guest');
  await saveSteps(page, 'mio', { nickname: uniqueNickname(), profile: PROFILE, address: ADDRESS });
  const path = await openItem(page, MIO_URL, ITEM.section, ITEM.title);
  await expect(lockedNotice(page).getByTestId('entry-price')).toHaveText('月額 550円〜（税込）');
  await lockedNotice(page).getByRole('link', { name: 'プレミアム会員になる' }).click();
  // Straight to the plans step, the item going along.
  await expect(page).toHaveURL(`${MIO_URL}/signup/plans?next=${encodeURIComponent(path)}`);
  await choosePlan(page, plan);
  await expectStep(page, 'mio', 'payment');

  // Another browser, with nothing of the first one: the way back was kept with the progress.
  const other = await newBrowser(browser, 'mio', testInfo);
  try {
    await signInWithToken(other.page, user);
    await other.page.goto(`${MIO_URL}/signup/continue`);
    await expectStep(other.page, 'mio', 'payment');
    await payWith(other.page, CARDS.visa, plan);
    await expectStep(other.page, 'mio', 'complete');
    await expectBackOnItem(other.page, path);
  } finally {
    await other.context.close();
  }
});

test(
  'the club name is shown whole in the header, on both sites',
  { tag: '@both-widths' },
  async ({ page }) => {
    for (const [origin, name] of [
      [MIO_URL, mio.config.SERVICE_NAME],
      [SECOND_URL, second.config.SERVICE_NAME],
    ] as const) {
      await page.goto(`${origin}/`);
      const shown = page.getByTestId('site-name');
      await expect(shown).toHaveText(name);
      // Nothing cut: no ellipsis, no text beyond its box, and clear of the buttons beside it.
      const cut = await shown.evaluate(
        (element) =>
          getComputedStyle(element).textOverflow === 'ellipsis' ||
          element.scrollWidth > element.clientWidth + 1,
      );
      expect(cut, `${name} is cut short`).toBe(false);
      const box = (await shown.boundingBox())!;
      // The buttons themselves: they may spill out of their slot.
      const links = (await page.getByTestId('auth-links').getByRole('link').first().boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(links.x);
    }
  },
);

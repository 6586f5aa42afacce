import { expect, test, type Page } from './support/test';
import { MIO_URL, SECOND_URL } from './support/sites';
import { toast } from './support/auth';
import {
  CARDS,
  CARD_EXPIRY,
  CARD_REASONS,
  JAPANESE,
  PROFILE,
  addressForm,
  cardForm,
  formError,
  joinedMember,
  post,
  postOk,
  profileForm,
  shoot,
  uniqueNickname,
} from './support/membership';

/**
 * Leaving and My page. The sandbox's test clock is per site and shared by every spec running on mio at the same
 * time: only the expiry test moves it, with a monthly member; every other member here is on the yearly plan, so
 * the clock moving under them ends nothing. Dates are compared with what the page showed, never computed.
 */

const memberCard = (page: Page) => page.getByTestId('member-card');
const periodEnd = (page: Page) => page.getByTestId('card-period-end');
const leavingNotice = (page: Page) => page.getByTestId('leaving-notice');

test.describe('leaving on mio', () => {
  test(
    'a member leaves with a reason: still premium until the end date, and can take it back',
    { tag: '@postgres' },
    async ({ page }) => {
      test.slow();
      await joinedMember(page, 'mio', 'yearly');
      await expect(memberCard(page)).toContainText('次回更新日：');
      const until = (await periodEnd(page).textContent())!;
      expect(until).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);
      const number = (await page.getByTestId('card-member-number').textContent())!;
      await expect(leavingNotice(page)).toHaveCount(0);

      await page.getByTestId('leave-link').click();
      await expect(page).toHaveURL(`${MIO_URL}/mypage/leave`);
      const summary = page.getByTestId('leave-summary');
      await expect(summary).toContainText(number);
      await expect(summary).toContainText('1年目');
      await expect(summary).toContainText(`${until}まで`);
      await shoot(page, 'mio-leave');

      // Without the confirmation nothing happens.
      await page.getByLabel('退会の理由（任意）').fill('忙しくなったため');
      await page.getByRole('button', { name: '退会する' }).click();
      await expect(formError(page)).toHaveText('内容を確認のうえ、チェックを入れてください。');
      await page.goto(`${MIO_URL}/mypage`);
      await expect(leavingNotice(page)).toHaveCount(0);

      await page.goto(`${MIO_URL}/mypage/leave`);
      await page.getByLabel('退会の理由（任意）').fill('忙しくなったため');
      await page.getByRole('checkbox', { name: '上記の内容を確認し、退会します。' }).check();
      await page.getByRole('button', { name: '退会する' }).click();
      const done = page.getByTestId('leave-done');
      await expect(done).toContainText('退会手続きが完了しました');
      await expect(done).toContainText(`${until}まで会員限定コンテンツをご覧いただけます。`);
      await shoot(page, 'mio-leave-done');

      await done.getByRole('link', { name: 'マイページへ戻る' }).click();
      await expect(page).toHaveURL(`${MIO_URL}/mypage`);
      await expect(leavingNotice(page)).toContainText('退会手続き済みです');
      await expect(leavingNotice(page)).toContainText(`${until}まで会員限定コンテンツをご覧いただけます。`);
      // Still premium: the card stays, now with its last day.
      await expect(memberCard(page)).toBeVisible();
      await expect(memberCard(page)).toContainText('有効期限：');
      await expect(periodEnd(page)).toHaveText(until);
      await expect(page.getByTestId('membership-ended')).toHaveCount(0);
      // Nothing more to leave: the link is gone until the cancellation is taken back.
      await expect(page.getByTestId('leave-link')).toHaveCount(0);
      await shoot(page, 'mio-mypage-leaving');

      // The leave page says it is done rather than offering to leave again.
      await page.goto(`${MIO_URL}/mypage/leave`);
      await expect(page.getByTestId('leave-unavailable')).toHaveText(
        `退会手続きは完了しています。${until}まで会員限定コンテンツをご覧いただけます。`,
      );
      await expect(page.getByRole('button', { name: '退会する' })).toHaveCount(0);

      // Taking it back.
      await page.goto(`${MIO_URL}/mypage`);
      await leavingNotice(page).getByRole('button', { name: '退会を取り消す' }).click();
      await expect(toast(page, '退会を取り消しました。引き続きお楽しみください。')).toBeVisible();
      await expect(leavingNotice(page)).toHaveCount(0);
      await expect(memberCard(page)).toContainText('次回更新日：');
      await expect(periodEnd(page)).toHaveText(until);
      await expect(page.getByTestId('leave-link')).toBeVisible();
      await page.reload();
      await expect(leavingNotice(page)).toHaveCount(0);
      await page.goto(`${MIO_URL}/mypage/leave`);
      await expect(page.getByTestId('leave-summary')).toBeVisible();
    },
  );

  test('leaving twice changes nothing more; taking it back twice neither', async ({ page }) => {
    await joinedMember(page, 'mio', 'yearly');
    const until = (await periodEnd(page).textContent())!;

    const first = await postOk(page, '/api/billing/leave', { reason: '一度目' });
    const second = await postOk(page, '/api/billing/leave', { reason: '二度目' });
    expect(typeof first.accessUntil).toBe('string');
    expect(second).toEqual(first);

    await page.reload();
    await expect(leavingNotice(page)).toHaveCount(1);
    await expect(leavingNotice(page)).toContainText(`${until}まで`);
    await expect(periodEnd(page)).toHaveText(until);

    expect(await postOk(page, '/api/billing/resume')).toEqual({ resumed: true });
    expect(await postOk(page, '/api/billing/resume')).toEqual({ resumed: true });
    await page.reload();
    await expect(leavingNotice(page)).toHaveCount(0);
    await expect(memberCard(page)).toContainText('次回更新日：');
    await expect(periodEnd(page)).toHaveText(until);
  });

  test(
    'when the paid period has passed, a member who left is a guest',
    { tag: '@postgres' },
    async ({ page }) => {
      test.slow();
      await joinedMember(page, 'mio', 'monthly');
      const until = (await periodEnd(page).textContent())!;
      const number = (await page.getByTestId('card-member-number').textContent())!;
      await postOk(page, '/api/billing/leave', { reason: '' });
      await page.reload();
      await expect(leavingNotice(page)).toContainText(`${until}まで`);

      // A monthly period is at most 31 days: 40 days later it has ended, whatever other specs did to the clock.
      const moved = await postOk(page, '/api/sandbox/clock', { days: 40 });
      expect(typeof moved.now).toBe('string');

      await page.reload();
      const ended = page.getByTestId('membership-ended');
      await expect(ended).toContainText('会員期間が終了しています');
      await expect(ended).toContainText(`${until}に会員期間が終了しました。`);
      await expect(ended).toContainText(`会員番号 ${number}`);
      await expect(memberCard(page)).toHaveCount(0);
      await expect(leavingNotice(page)).toHaveCount(0);
      await expect(ended.getByRole('link', { name: '再入会する' })).toHaveAttribute(
        'href',
        '/signup/continue',
      );
      await shoot(page, 'mio-mypage-ended');

      // Nothing left to take back or to leave.
      const resume = await post(page, '/api/billing/resume', { body: {} });
      expect(resume.status).toBe(409);
      expect(resume.body.error.message).toMatch(JAPANESE);
      await page.goto(`${MIO_URL}/mypage/leave`);
      await expect(page.getByTestId('leave-unavailable')).toHaveText(
        '現在ご利用中の会員プランはありません。',
      );
      // Rejoining starts at the payment step again (the details are kept).
      await page.goto(`${MIO_URL}/signup/continue`);
      await expect(page).toHaveURL(`${MIO_URL}/signup/payment`);
    },
  );
});

test.describe('leaving on second', () => {
  test('IS_SHOW_MYPAGE_LEAVE is false: no 退会 link, /mypage/leave is 404, and the API refuses', async ({
    page,
  }) => {
    await joinedMember(page, 'second', 'yearly');
    await expect(memberCard(page)).toBeVisible();
    await expect(page.getByTestId('leave-link')).toHaveCount(0);
    await expect(page.getByRole('link', { name: '退会', exact: true })).toHaveCount(0);

    const response = await page.goto(`${SECOND_URL}/mypage/leave`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('leave-summary')).toHaveCount(0);

    const refused = await post(page, '/api/billing/leave', { body: { reason: '' } });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toMatch(JAPANESE);
    await page.goto(`${SECOND_URL}/mypage`);
    await expect(leavingNotice(page)).toHaveCount(0);
    await expect(memberCard(page)).toContainText('次回更新日：');
  });
});

test.describe('My page on mio', () => {
  test('nickname, profile and address are corrected on My page', async ({ page }) => {
    test.slow();
    const { nickname } = await joinedMember(page, 'mio', 'yearly');
    const details = page.getByTestId('member-details');
    await expect(details).toContainText(nickname);
    const renamed = uniqueNickname('改名');

    await page.getByRole('link', { name: 'ニックネーム・プロフィールを変更する' }).click();
    await expect(page).toHaveURL(`${MIO_URL}/mypage/profile`);
    await expect(page.getByLabel('ニックネーム', { exact: true })).toHaveValue(nickname);
    const profile = profileForm(page);
    await expect(profile.familyName).toHaveValue(PROFILE.familyName);
    await shoot(page, 'mio-mypage-profile');

    const nicknameSection = page
      .locator('form')
      .filter({ has: page.getByLabel('ニックネーム', { exact: true }) });
    await page.getByLabel('ニックネーム', { exact: true }).fill(renamed);
    await nicknameSection.getByRole('button', { name: '保存する' }).click();
    await expect(toast(page, '保存しました')).toBeVisible();
    // The nickname form stays on the page.
    await expect(page).toHaveURL(`${MIO_URL}/mypage/profile`);

    await profile.familyName.fill('鈴木');
    await profile.givenName.fill('澪');
    await profile.familyNameKana.fill('すずき');
    await profile.givenNameKana.fill('ミオ');
    await profile.birthday.fill('1995-12-24');
    await profile.phone.fill('03-1234-5678');
    await page
      .locator('form')
      .filter({ has: profile.familyName })
      .getByRole('button', { name: '保存する' })
      .click();
    await expect(page).toHaveURL(`${MIO_URL}/mypage`);
    await expect(details).toContainText(renamed);
    await expect(details).toContainText('鈴木 澪');
    // Hiragana is kept as katakana; the phone number is shown grouped as typed (stored as digits: src/lib/phone.ts).
    await expect(details).toContainText('スズキ ミオ');
    await expect(details).toContainText('1995年12月24日');
    await expect(details).toContainText('03-1234-5678');
    await expect(page.getByTestId('card-nickname')).toHaveText(renamed);

    await page.getByRole('link', { name: '住所を変更する' }).click();
    await expect(page).toHaveURL(`${MIO_URL}/mypage/address`);
    const address = addressForm(page);
    await expect(address.city).toHaveValue('千代田区千代田');
    await address.postalCode.fill('');
    await address.postalCode.pressSequentially('5300001');
    await expect(address.city).toHaveValue('大阪市北区梅田');
    await address.city.fill('大阪市北区梅田');
    await address.street.fill('7-8-9');
    await address.building.fill('');
    await shoot(page, 'mio-mypage-address');
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page).toHaveURL(`${MIO_URL}/mypage`);
    await expect(details).toContainText('〒530-0001 大阪府大阪市北区梅田7-8-9');

    await page.reload();
    await expect(details).toContainText(renamed);
    await expect(details).toContainText('鈴木 澪');
    await expect(details).toContainText('〒530-0001 大阪府大阪市北区梅田7-8-9');
    await expect(details).not.toContainText('千代田');
  });

  test('changing the card shows the new one; a refused card keeps the old one', async ({ page }) => {
    await joinedMember(page, 'mio', 'yearly');
    const paymentCard = page.getByTestId('payment-card');
    await expect(paymentCard).toHaveText('Visa **** 4242（有効期限 12/34）');

    await page.getByRole('link', { name: 'カードを変更する' }).click();
    await expect(page).toHaveURL(`${MIO_URL}/mypage/card`);
    await expect(page.getByText('現在のカード：Visa **** 4242')).toBeVisible();
    const form = cardForm(page);
    await form.number.fill(CARDS.declined);
    await form.expiry.fill(CARD_EXPIRY);
    await form.cvc.fill('123');
    await page.getByRole('button', { name: 'このカードに変更する' }).click();
    await expect(formError(page)).toHaveText(CARD_REASONS.declined);
    await expect(page).toHaveURL(`${MIO_URL}/mypage/card`);
    await shoot(page, 'mio-card-declined');
    await page.goto(`${MIO_URL}/mypage`);
    await expect(paymentCard).toHaveText('Visa **** 4242（有効期限 12/34）');

    await page.goto(`${MIO_URL}/mypage/card`);
    await form.number.fill(CARDS.mastercard);
    await form.expiry.fill('11/33');
    await form.cvc.fill('456');
    await page.getByRole('button', { name: 'このカードに変更する' }).click();
    await expect(toast(page, 'お支払いに使うカードを変更しました')).toBeVisible();
    await expect(page).toHaveURL(`${MIO_URL}/mypage`);
    await expect(paymentCard).toHaveText('Mastercard **** 4444（有効期限 11/33）');
    await page.reload();
    await expect(paymentCard).toHaveText('Mastercard **** 4444（有効期限 11/33）');
    // Still the same membership.
    await expect(memberCard(page)).toBeVisible();
  });
});

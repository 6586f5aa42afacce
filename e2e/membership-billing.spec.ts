import { expect, test, type Page } from './support/test';
import { MIO_URL, SECOND_URL } from './support/sites';
import {
  ADDRESS,
  CARDS,
  PLANS,
  PROFILE,
  expectStep,
  joinedMember,
  payWith,
  post,
  postOk,
  saveSteps,
  shoot,
  signedInNewUser,
  uniqueNickname,
} from './support/membership';

/**
 * Konbini payment, payment history with receipts, and the plan change (docs/decisions/0026). Only the second test
 * moves mio's sandbox clock (4 days: no card member's monthly period ends by it), and this file's tests run one
 * after another, so no voucher of this file expires under another test.
 */

const voucher = (page: Page) => page.getByTestId('konbini-voucher');
const confirmation = (page: Page) => page.getByTestId('final-confirmation');

test('a fan pays a yearly plan at the konbini on mio, and My page lists it with its receipt', async ({
  page,
}) => {
  test.slow();
  await signedInNewUser(page, 'mio', 'konbini');
  await saveSteps(page, 'mio', {
    nickname: uniqueNickname(),
    profile: PROFILE,
    address: ADDRESS,
    plan: 'yearly',
  });
  await page.goto(`${MIO_URL}/signup/payment`);
  await expectStep(page, 'mio', 'payment');
  await expect(confirmation(page)).toContainText('自動更新あり。');
  await page.getByRole('radio', { name: 'コンビニ払い（自動更新なし）' }).check();
  await expect(confirmation(page)).toContainText(PLANS.mio.yearly.name);
  await expect(confirmation(page)).toContainText('年額 5,500円（税込）');
  await expect(confirmation(page)).toContainText('なし。会員期間は自動で更新されません。');
  await page.getByRole('button', { name: '上記の内容で確定し、お支払い番号を発行する' }).click();
  await expect(page.getByTestId('payment-number')).toHaveText(/^\d{11}$/);
  await expect(page.getByTestId('confirmation-number')).toHaveText(/^\d{6}$/);
  await expect(page.getByTestId('voucher-deadline')).toContainText('23:59');
  await shoot(page, 'mio-konbini-voucher');
  // Not paid yet: reloading shows the same voucher, and the membership has not started.
  const number = await page.getByTestId('payment-number').textContent();
  await page.reload();
  await expect(page.getByTestId('payment-number')).toHaveText(number!);

  await voucher(page).getByRole('button', { name: '【デモ】コンビニで支払ったことにする' }).click();
  await expectStep(page, 'mio', 'complete');
  await expect(page.getByTestId('member-number')).toHaveText(/^\d{6}$/);

  await page.goto(`${MIO_URL}/mypage`);
  await expect(page.getByTestId('member-card')).toBeVisible();
  await expect(page.getByTestId('konbini-renewal')).toContainText('コンビニ払いは自動で更新されません。');
  await expect(page.getByTestId('leave-link')).toHaveCount(0);
  const history = page.getByTestId('payment-history');
  await expect(history).toContainText('5,500円（税込）・コンビニ払い・支払い済み');
  await shoot(page, 'mio-mypage-konbini');
  await history.getByRole('link', { name: /領収書$/ }).click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText(`${PROFILE.familyName} ${PROFILE.givenName} 様`);
  await expect(page.getByTestId('receipt-amount')).toContainText('¥5,500');
  await expect(page.getByTestId('receipt-tax')).toContainText('うち消費税等（10%対象） ¥500');
  await expect(page.getByTestId('receipt-number')).toHaveText(/^R\d{8}-[0-9A-F]{8}$/);
  await expect(receipt).toContainText('佐倉ミオ OFFICIAL FAN CLUB「MIO FAMILY」');
  // MIO FAMILY's operator is a registered qualified-invoice issuer (demo/sites/mio.json): its number is printed.
  await expect(page.getByTestId('receipt-registration')).toHaveText('登録番号 T5011001099999');
  await expect(page.getByTestId('receipt-not-qualified')).toHaveCount(0);
  await shoot(page, 'mio-receipt');
  // Someone else's (or an unknown) payment has no receipt here.
  const answer = await page.goto(`${MIO_URL}/mypage/payments/00000000-0000-4000-8000-000000000000/receipt`);
  expect(answer?.status()).toBe(404);
});

test('an unpaid voucher expires and the fan pays by card instead', async ({ page }) => {
  test.slow();
  await signedInNewUser(page, 'mio', 'konbini-expires');
  const ids = await saveSteps(page, 'mio', {
    nickname: uniqueNickname(),
    profile: PROFILE,
    address: ADDRESS,
    plan: 'yearly',
  });
  const issued = await postOk(page, '/api/billing/konbini', { planId: ids!.yearly });
  expect(issued.voucher.status).toBe('pending');
  // While it can be paid, the card is refused (it would charge twice).
  const card = await post(page, '/api/billing/subscribe', {
    body: { card: { number: CARDS.visa, expiry: '12/34', cvc: '123' } },
  });
  expect(card.status).toBe(409);
  await postOk(page, '/api/sandbox/clock', { days: 4 });
  const late = await post(page, '/api/sandbox/konbini', { body: { paymentId: issued.voucher.id } });
  expect(late.status).toBe(409);
  expect(late.body.error.message).toContain('お支払い期限を過ぎた');

  await page.goto(`${MIO_URL}/signup/payment`);
  await expect(voucher(page)).toHaveCount(0);
  await payWith(page, CARDS.visa, PLANS.mio.yearly);
  await expectStep(page, 'mio', 'complete');
  await page.goto(`${MIO_URL}/mypage`);
  const history = page.getByTestId('payment-history');
  await expect(history).toContainText('コンビニ払い・期限切れ');
  await expect(history).toContainText('クレジットカード・支払い済み');
});

test('a member changes monthly to yearly at the next renewal, and takes it back', async ({ page }) => {
  await joinedMember(page, 'second', 'monthly');
  await expect(page.getByTestId('current-plan')).toContainText('クレジットカード・自動更新');
  await page.getByRole('link', { name: 'プランを変更する' }).click();
  await expect(page).toHaveURL(`${SECOND_URL}/mypage/plan`);
  await expect(page.getByText('会員番号（')).toBeVisible();
  const change = page.getByRole('button', { name: `「${PLANS.second.yearly.name}」に変更する` });
  await change.dblclick();
  const pending = page.getByTestId('plan-pending');
  await expect(pending).toContainText(
    `の更新から「${PLANS.second.yearly.name}」（年額 6,600円（税込））に変更されます。`,
  );
  await shoot(page, 'second-plan-pending');
  await page.goto(`${SECOND_URL}/mypage`);
  await expect(page.getByTestId('pending-plan')).toContainText(PLANS.second.yearly.name);
  await page.goto(`${SECOND_URL}/mypage/plan`);
  await pending.getByRole('button', { name: 'プランの変更を取り消す' }).click();
  await expect(pending).toHaveCount(0);
  await expect(change).toBeVisible();
});

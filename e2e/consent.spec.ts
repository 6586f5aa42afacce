import { expect, test } from './support/test';
import {
  SITE_URLS,
  authReady,
  createUser,
  expectFieldError,
  findUserByEmail,
  FRESH_PASSWORD,
  latestOobCode,
  providerIdToken,
  signInWithToken,
  uniqueEmail,
} from './support/auth';
import {
  ADDRESS,
  CARDS,
  PLANS,
  PROFILE,
  SLUGS,
  expectStep,
  formError,
  payWith,
  post,
  saveSteps,
  uniqueNickname,
} from './support/membership';
import { agreeByApi, confirmEmailFromMail, consentBox, verificationNotice } from './support/consent';

/**
 * Terms at sign-up and a confirmed address before paying (decision 0027). The new version asked again on My page
 * is in staff-legal.spec.ts, which runs after everything else (publishing a version changes what every member sees).
 */

const CONSENT_ERROR = '利用規約とプライバシーポリシーをお読みのうえ、同意してください';

for (const slug of SLUGS) {
  const origin = SITE_URLS[slug];

  test(`sign-up on ${slug} is refused without agreeing to the terms`, async ({ page }) => {
    await page.goto(`${origin}/signup`);
    await authReady(page);
    const consent = page.getByTestId('consent');
    // The documents open in a tab of their own, so that what was typed stays.
    for (const [name, href] of [
      [/利用規約/, '/terms'],
      [/プライバシーポリシー/, '/privacy'],
    ] as const) {
      const link = consent.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await expect(consentBox(page)).not.toBeChecked();

    const email = uniqueEmail(`no-consent-${slug}`);
    await page.getByLabel('メールアドレス', { exact: true }).fill(email);
    await page.getByLabel('パスワード', { exact: true }).fill(FRESH_PASSWORD);
    await page.getByLabel('パスワード（確認）', { exact: true }).fill(FRESH_PASSWORD);
    await page.getByRole('button', { name: '登録して次へ' }).click();
    await expectFieldError(consentBox(page), CONSENT_ERROR);
    await expect(page).toHaveURL(`${origin}/signup`);
    expect(await findUserByEmail(slug, email), 'no account was made at the provider').toBeNull();
  });
}

test('the session API refuses a sign-up that did not agree, in Japanese, and opens nothing', async ({
  page,
}) => {
  // A script: an account made at the provider directly, then a sign-up's session asked for without agreeing.
  const user = await createUser('mio', { label: 'scripted-consent' });
  const idToken = await providerIdToken('mio', user.email, user.password);
  await page.goto('/');
  const versions = { terms: 1, privacy: 1 };
  const refused = await post(page, '/api/session', {
    body: { idToken, consent: { ...versions, agreed: false } },
  });
  expect(refused.status).toBe(422);
  expect(refused.body.error).toEqual({
    code: 'CONSENT_REQUIRED',
    message: '利用規約とプライバシーポリシーへの同意が必要です。',
  });
  const session = await page.evaluate(async () => (await fetch('/api/session')).status);
  expect(session).toBe(401);
});

test('an unverified fan cannot pay, asks for the mail again, confirms the address and pays', async ({
  page,
}) => {
  test.slow();
  const user = await createUser('mio', { label: 'unverified', emailVerified: false });
  await signInWithToken(page, user);
  await agreeByApi(page);
  await saveSteps(page, 'mio', {
    nickname: uniqueNickname(),
    profile: PROFILE,
    address: ADDRESS,
    plan: 'monthly',
  });
  await page.goto('/signup/payment');
  await expectStep(page, 'mio', 'payment');
  const notice = verificationNotice(page);
  await expect(notice).toContainText('メールアドレスの確認をお願いします');
  await expect(notice).toContainText(user.email);

  // The server refuses, whatever the page lets through.
  await payWith(page, CARDS.visa, PLANS.mio.monthly);
  await expect(formError(page)).toContainText('メールアドレスの確認が完了していません');
  await expectStep(page, 'mio', 'payment');

  await notice.getByRole('button', { name: '確認メールを再送する' }).click();
  await expect(notice.getByRole('status')).toContainText('確認メールを送信しました');
  expect((await latestOobCode('mio', user.email, 'VERIFY_EMAIL')).oobCode).toBeTruthy();
  await confirmEmailFromMail(page, 'mio', user.email);
  await notice.getByRole('button', { name: '確認が済んだら、こちらを押してください' }).click();
  await expect(notice).toHaveCount(0);

  await payWith(page, CARDS.visa, PLANS.mio.monthly);
  await expectStep(page, 'mio', 'complete');
});

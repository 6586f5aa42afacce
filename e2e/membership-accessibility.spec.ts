import { expect, test, type Page } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { SITE_URLS, createUser, signInWithToken } from './support/auth';
import { consentBlock, verificationNotice } from './support/consent';
import {
  ADDRESS,
  CARDS,
  PLANS,
  PROFILE,
  SLUGS,
  choosePlan,
  expectStep,
  fillAddress,
  fillNickname,
  fillProfile,
  formError,
  nextButton,
  payWith,
  saveSteps,
  shoot,
  signedInNewUser,
  uniqueNickname,
} from './support/membership';

// Every test makes its own account: they run side by side on both workers.
test.describe.configure({ mode: 'parallel' });

/** Submits the step's form empty, so that every field's error shows (they must be readable and tied to fields). */
async function withErrorsShowing(page: Page): Promise<void> {
  await nextButton(page).click();
  await expect(page.getByTestId('field-error').first()).toBeVisible();
}

for (const slug of SLUGS) {
  const origin = SITE_URLS[slug];
  const plans = PLANS[slug];

  // At 1280 px: every page of the flow and of My page. The layouts that change with the width get the phone test below.
  test(`membership pages of ${slug}, errors showing where there are any`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const label = (name: string) => `${testInfo.project.name} ${slug} ${name}`;
    await signedInNewUser(page, slug, 'axe');

    await page.goto(`${origin}/signup/nickname`);
    await expectStep(page, slug, 'nickname');
    await expectNoSeriousViolations(page, label('nickname step'));
    await withErrorsShowing(page);
    await expectNoSeriousViolations(page, label('nickname step with errors'));
    await fillNickname(page, uniqueNickname());

    await expectStep(page, slug, 'profile');
    await withErrorsShowing(page);
    await expectNoSeriousViolations(page, label('profile step with errors'));
    await shoot(page, `${slug}-3-profile-errors`);
    await fillProfile(page);

    await expectStep(page, slug, 'address');
    await withErrorsShowing(page);
    await expectNoSeriousViolations(page, label('address step with errors'));
    await shoot(page, `${slug}-4-address-errors`);
    await fillAddress(page, undefined, false);
    // The postal-code note is showing now.
    await expectNoSeriousViolations(page, label('address step filled in'));
    await nextButton(page).click();

    await expectStep(page, slug, 'plans');
    await page.getByRole('button', { name: 'このプランで次へ' }).click();
    await expect(page.getByTestId('field-error')).toHaveText('プランを選択してください');
    await expectNoSeriousViolations(page, label('plans step with its error'));
    await choosePlan(page, plans.monthly);

    await expectStep(page, slug, 'payment');
    await expect(page.getByTestId('final-confirmation')).toBeVisible();
    if (slug === 'mio') {
      // Konbini is offered for the yearly plan only: go back and choose it to see the konbini confirmation.
      await expect(page.getByRole('radio', { name: /コンビニ払い/ })).toHaveCount(0);
      await page.goto(`${origin}/signup/plans`);
      await choosePlan(page, plans.yearly);
      await page.getByRole('radio', { name: 'コンビニ払い（自動更新なし）' }).check();
      await expectNoSeriousViolations(page, label('payment step, konbini confirmation'));
      await page.goto(`${origin}/signup/plans`);
      await choosePlan(page, plans.monthly);
    } else {
      await expect(page.getByRole('radio', { name: /コンビニ払い/ })).toHaveCount(0);
    }
    await payWith(page, CARDS.declined, plans.monthly);
    await expect(formError(page)).toBeVisible();
    await expectNoSeriousViolations(page, label('payment step with a refused card'));
    await payWith(page, CARDS.visa, plans.monthly);

    await expectStep(page, slug, 'complete');
    await expectNoSeriousViolations(page, label('complete step'));

    await page.goto(`${origin}/mypage`);
    await expect(page.getByTestId('member-card')).toBeVisible();
    await expectNoSeriousViolations(page, label('My page with the member card'));

    await page.goto(`${origin}/mypage/profile`);
    await expectNoSeriousViolations(page, label('My page profile edit'));
    await page.goto(`${origin}/mypage/address`);
    await expectNoSeriousViolations(page, label('My page address edit'));
    await page.goto(`${origin}/mypage/card`);
    await expectNoSeriousViolations(page, label('My page card change'));
    await page.goto(`${origin}/mypage/plan`);
    await expect(page.getByRole('button', { name: `「${plans.yearly.name}」に変更する` })).toBeVisible();
    await expectNoSeriousViolations(page, label('My page plan change'));
    await page.goto(`${origin}/mypage`);
    await page
      .getByTestId('payment-history')
      .getByRole('link', { name: /領収書$/ })
      .click();
    await expect(page.getByTestId('receipt')).toBeVisible();
    await expectNoSeriousViolations(page, label('receipt'));

    if (slug === 'mio') {
      await page.goto(`${origin}/mypage/leave`);
      await expect(page.getByTestId('leave-summary')).toBeVisible();
      await page.getByRole('button', { name: '退会する' }).click();
      await expect(formError(page)).toBeVisible();
      await expectNoSeriousViolations(page, label('leave page with its error'));
      await page.getByRole('checkbox', { name: '上記の内容を確認し、退会します。' }).check();
      await page.getByRole('button', { name: '退会する' }).click();
      await expect(page.getByTestId('leave-done')).toBeVisible();
      await expectNoSeriousViolations(page, label('leave done'));
      await page.goto(`${origin}/mypage`);
      await expect(page.getByTestId('leaving-notice')).toBeVisible();
      await expectNoSeriousViolations(page, label('My page while leaving'));
    }
  });
}

/*
 * At 390 px, the membership layouts that differ from 1280 px (docs/decisions/0015): the step form's progress marks
 * (labels only at 1280 px) and its buttons (stacked on a phone), My page's member card and details (one column), and
 * the leaving form's buttons. The state comes through the APIs; the walk above shows every page at 1280 px.
 */
for (const slug of SLUGS) {
  const origin = SITE_URLS[slug];

  test(`membership layouts of ${slug} on a phone`, { tag: '@phone' }, async ({ page }, testInfo) => {
    const label = (name: string) => `${testInfo.project.name} ${slug} ${name}`;
    await signedInNewUser(page, slug, 'axe-phone');
    await page.goto(`${origin}/signup/nickname`);
    await expectStep(page, slug, 'nickname');
    await withErrorsShowing(page);
    await expectNoSeriousViolations(page, label('nickname step with errors'));

    await saveSteps(page, slug, {
      nickname: uniqueNickname(),
      profile: PROFILE,
      address: ADDRESS,
      plan: 'monthly',
      paid: true,
    });
    await page.goto(`${origin}/mypage`);
    await expect(page.getByTestId('member-card')).toBeVisible();
    await expect(page.getByTestId('member-details')).toBeVisible();
    await expectNoSeriousViolations(page, label('My page with the member card'));

    if (slug === 'mio') {
      await page.goto(`${origin}/mypage/leave`);
      await expect(page.getByTestId('leave-summary')).toBeVisible();
      await page.getByRole('button', { name: '退会する' }).click();
      await expect(formError(page)).toBeVisible();
      await expectNoSeriousViolations(page, label('leave page with its error'));
    }
  });
}

for (const slug of SLUGS) {
  const origin = SITE_URLS[slug];

  // The consent block and the verification notice have one layout at every width.
  test(`the request to agree to the terms and the unconfirmed address's notice on ${slug}`, async ({
    page,
  }, testInfo) => {
    const label = (name: string) => `${testInfo.project.name} ${slug} ${name}`;
    // Signed in by another service's token: never saw the account step's box, address not confirmed.
    const user = await createUser(slug, { label: 'axe-consent', emailVerified: false });
    await signInWithToken(page, user);
    await page.goto(`${origin}/signup/nickname`);
    await expect(consentBlock(page)).toBeVisible();
    await expectNoSeriousViolations(page, label('nickname step asking for the terms'));
    await shoot(page, `${slug}-consent-block`);
    await consentBlock(page).getByRole('button', { name: '同意する' }).click();
    await expect(consentBlock(page)).toHaveCount(0);

    await saveSteps(page, slug, {
      nickname: uniqueNickname(),
      profile: PROFILE,
      address: ADDRESS,
      plan: 'monthly',
    });
    await page.goto(`${origin}/signup/payment`);
    await expect(verificationNotice(page)).toBeVisible();
    await expectNoSeriousViolations(page, label('payment step, address not confirmed'));
    await shoot(page, `${slug}-verification-notice`);
  });
}

import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { MIO_URL, SECOND_URL, isPhone, openMenu } from './support/sites';
import { authReady, createUser, signIn } from './support/auth';

test.describe('accessibility (axe)', () => {
  for (const [name, url] of [
    ['mio', `${MIO_URL}/`],
    ['second', `${SECOND_URL}/`],
  ] as const) {
    test(`top page of ${name}`, async ({ page }, testInfo) => {
      await page.goto(url);
      await expectNoSeriousViolations(page, `${testInfo.project.name} ${name} top page`);
    });
  }

  for (const [name, url] of [
    ['mio', `${MIO_URL}/`],
    ['second', `${SECOND_URL}/`],
  ] as const) {
    test(`hamburger menu open on ${name}`, async ({ page }, testInfo) => {
      test.skip(!isPhone(testInfo), 'the hamburger exists on phones only');
      await page.goto(url);
      await openMenu(page);
      // Let the dialog's open animation, if any, finish so contrast is measured on the final colours.
      await page.waitForTimeout(300);
      await expectNoSeriousViolations(page, `${testInfo.project.name} ${name} hamburger menu`);
    });
  }

  for (const [name, url] of [
    ['sign-in', `${MIO_URL}/login`],
    ['sign-up on second', `${SECOND_URL}/signup`],
    ['password reset', `${MIO_URL}/password-reset`],
  ] as const) {
    test(`${name} page, with its errors showing`, async ({ page }, testInfo) => {
      await page.goto(url);
      await authReady(page);
      // Submitting the empty form shows every field's error: they must be readable and tied to their fields.
      await page.locator('form button[type=submit]').click();
      await expect(page.getByTestId('field-error').first()).toBeVisible();
      await expectNoSeriousViolations(page, `${testInfo.project.name} ${name}`);
    });
  }

  test('My page and the e-mail change page', async ({ page }, testInfo) => {
    const user = await createUser('mio', { label: 'axe' });
    await signIn(page, user.email, user.password);
    await expectNoSeriousViolations(page, `${testInfo.project.name} my page`);
    await page.goto(`${MIO_URL}/mypage/email`);
    await authReady(page);
    await expectNoSeriousViolations(page, `${testInfo.project.name} e-mail change`);
  });
});

import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { MIO_URL, SECOND_URL, animationsDone, openMenu } from './support/sites';
import { authReady } from './support/auth';
import { demoSession } from './support/sessions';

test.describe('accessibility (axe)', () => {
  // The top pages at both widths: the header (a hamburger on a phone) and the sections' layout follow the width.
  for (const [name, url] of [
    ['mio', `${MIO_URL}/`],
    ['second', `${SECOND_URL}/`],
  ] as const) {
    test(`top page of ${name}`, { tag: '@both-widths' }, async ({ page }, testInfo) => {
      await page.goto(url);
      await expectNoSeriousViolations(page, `${testInfo.project.name} ${name} top page`);
    });
  }

  for (const [name, url] of [
    ['mio', `${MIO_URL}/`],
    ['second', `${SECOND_URL}/`],
  ] as const) {
    // The hamburger exists on phones only.
    test(`hamburger menu open on ${name}`, { tag: '@phone' }, async ({ page }, testInfo) => {
      await page.goto(url);
      // Contrast is measured on the final colours, once the dialog's open animation is over.
      await animationsDone(await openMenu(page));
      await expectNoSeriousViolations(page, `${testInfo.project.name} ${name} hamburger menu`);
    });
  }

  // The forms below have one column at every width (only their margins change) under the header the top pages
  // check at both widths: once, at 1280 px (docs/decisions/0015).
  for (const [name, url] of [
    ['sign-in', `${MIO_URL}/login`],
    ['sign-up on second', `${SECOND_URL}/signup`],
    // The terms' box and links (decision 0027) in mio's colours too.
    ['sign-up on mio', `${MIO_URL}/signup`],
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

  test.describe(() => {
    test.use({ storageState: demoSession('mio', 'guest') });

    test('My page and the e-mail change page', async ({ page }, testInfo) => {
      await page.goto(`${MIO_URL}/mypage`);
      await authReady(page);
      await expectNoSeriousViolations(page, `${testInfo.project.name} my page`);
      await page.goto(`${MIO_URL}/mypage/email`);
      await authReady(page);
      await expectNoSeriousViolations(page, `${testInfo.project.name} e-mail change`);
    });
  });
});

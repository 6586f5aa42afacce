import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { MIO_URL, SECOND_URL, fontsReady, isPhone, openMenu } from './support/sites';
import { authReady, createUser, signIn } from './support/auth';

const BLOCKING = new Set(['serious', 'critical']);

function describe(violations: Result[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`)
          .join('\n'),
    )
    .join('\n');
}

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  await fontsReady(page);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length) console.log(`${label}: minor axe findings\n${describe(minor)}`);
  expect(blocking, `${label}: serious or critical axe violations\n${describe(blocking)}`).toEqual([]);
  // The rules did run against a real page.
  expect(results.passes.length).toBeGreaterThan(10);
}

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

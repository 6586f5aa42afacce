import { expect, test, type Page } from './support/test';
import { MIO_URL, SECOND_URL, animationsDone, fontsReady, openMenu } from './support/sites';

/**
 * Full-page screenshots for a person to look at: test-results/screens/<project>-<name>.png (git-ignored).
 * They also check that the Japanese web font really loaded, which a screenshot alone would not tell.
 */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await fontsReady(page);
  const path = `test-results/screens/${test.info().project.name}-${name}.png`;
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

async function expectJapaneseFont(page: Page): Promise<void> {
  await fontsReady(page);
  const loaded = await page.evaluate(() =>
    [...document.fonts].some((face) => face.family.includes('Noto Sans JP') && face.status === 'loaded'),
  );
  expect(loaded, 'Noto Sans JP Variable is loaded for Japanese text').toBe(true);
  // …and the page's text uses it (the family is switched on once the page's subsets are in).
  const family = await page.evaluate(
    () => getComputedStyle(document.querySelector('main') ?? document.body).fontFamily,
  );
  expect(family).toMatch(/^["']?Noto Sans JP Variable/);
}

test.describe('screenshots', { tag: '@both-widths' }, () => {
  for (const [name, url] of [
    ['mio-top', `${MIO_URL}/`],
    ['second-top', `${SECOND_URL}/`],
  ] as const) {
    test(name, async ({ page }) => {
      await page.goto(url);
      await expectJapaneseFont(page);
      await shoot(page, name);
    });
  }

  // The hamburger exists on phones only.
  test('mio-menu-open', { tag: '@phone' }, async ({ page }) => {
    await page.goto(`${MIO_URL}/`);
    await animationsDone(await openMenu(page));
    // The dialog is fixed to the viewport: a full-page shot would show it cut off at the first screen's height.
    await shoot(page, 'mio-menu-open', false);
  });
});

import { expect, networkQuiet, test, type BrowserContext, type Page } from './support/test';
import { MIO_URL } from './support/sites';
import {
  CUSTOM_TOKEN_COOKIE,
  createUser,
  expectSignedIn,
  expectSignedOut,
  mintCustomToken,
  sessionOf,
  toasts,
} from './support/auth';

async function setCustomToken(context: BrowserContext, value: string): Promise<void> {
  await context.addCookies([{ name: CUSTOM_TOKEN_COOKIE, value, url: `${MIO_URL}/` }]);
}

async function customTokenCookie(context: BrowserContext) {
  return (await context.cookies(MIO_URL)).find((cookie) => cookie.name === CUSTOM_TOKEN_COOKIE);
}

/** A failed custom token is silent: no toast at all, not even a late one. */
async function expectNoToast(page: Page): Promise<void> {
  await networkQuiet(page);
  await expect(toasts(page)).toHaveCount(0);
  await expect(page.getByTestId('field-error')).toHaveCount(0);
}

test.describe('custom_token cookie', () => {
  test('a token minted for a user of the site signs the visitor in on first load', async ({
    page,
    context,
  }) => {
    const user = await createUser('mio', { label: 'custom' });
    await setCustomToken(context, await mintCustomToken('mio', user.uid));

    await page.goto('/');
    await expectSignedIn(page);
    // The server session follows: the same user.
    await expect.poll(() => sessionOf(page)).toEqual({ status: 200, uid: user.uid });
    // Used once: the cookie is gone.
    await expect.poll(() => customTokenCookie(context)).toBeUndefined();

    await page.goto('/mypage');
    await expect(page).toHaveURL(`${MIO_URL}/mypage`);
    await expect(page.getByTestId('account-email')).toHaveText(user.email);
  });

  for (const [name, token] of [
    ['garbage', async () => 'garbage.token.value'],
    [
      "a token for the other site's tenant",
      async () => mintCustomToken('second', (await createUser('second')).uid),
    ],
  ] as const) {
    test(`a bad token (${name}) leaves the visitor signed out, silently`, async ({ page, context }) => {
      await setCustomToken(context, await token());

      await page.goto('/');
      await expectSignedOut(page);
      await expectNoToast(page);
      expect(await sessionOf(page)).toEqual({ status: 401, uid: null });
      // Tried once, then removed: the next page does not try again.
      expect(await customTokenCookie(context)).toBeUndefined();
      await page.reload();
      await expectSignedOut(page);
    });
  }
});

import { expect, test } from './support/test';
import { MIO_URL } from './support/sites';
import {
  createUser,
  disableUser,
  expectSignedOut,
  sessionOf,
  signIn,
  signInForm,
  submitSignIn,
  toast,
} from './support/auth';

/** src/features/auth/errors.ts, auth/user-disabled. */
const USER_DISABLED = 'このアカウントはご利用いただけません。お問い合わせフォームからご連絡ください。';

test.describe('a member disabled by the club', () => {
  test('is signed out in the browser at the next page load', async ({ page }) => {
    const user = await createUser('mio', { label: 'disabled' });
    await signIn(page, user.email, user.password);
    expect(await sessionOf(page)).toEqual({ status: 200, uid: user.uid });

    await disableUser('mio', user.uid);
    await page.reload();
    await expectSignedOut(page);
  });

  // On page load the SDK reloads the remembered user inside authStateReady() and drops a disabled one by itself;
  // the app notices (its sign-in hint), ends the server session and says why.
  test('is told why, and the server session ends too', async ({ page }) => {
    const user = await createUser('mio', { label: 'disabled' });
    await signIn(page, user.email, user.password);

    await disableUser('mio', user.uid);
    await page.reload();

    await expectSignedOut(page);
    const told = toast(page, USER_DISABLED);
    await expect(told).toBeVisible();
    await expect(told).toHaveText(USER_DISABLED);
    await expect.poll(() => sessionOf(page)).toEqual({ status: 401, uid: null });
    await page.goto('/mypage');
    await expect(page).toHaveURL(`${MIO_URL}/login?next=%2Fmypage`);
  });

  test('cannot sign in, and is told why', async ({ page }) => {
    const user = await createUser('mio', { label: 'disabled' });
    await disableUser('mio', user.uid);

    await submitSignIn(page, user.email, user.password);
    const told = toast(page, USER_DISABLED);
    await expect(told).toBeVisible();
    await expect(told).toHaveText(USER_DISABLED);
    await expect(page).toHaveURL(`${MIO_URL}/login`);
    await expectSignedOut(page);
    await expect(page.getByTestId('field-error')).toHaveCount(0);
    await expect(signInForm(page).submit).toBeEnabled();
    expect(await sessionOf(page)).toEqual({ status: 401, uid: null });
  });
});

import { expect, type Page } from '@playwright/test';
import { SITE_URLS, latestOobCode, type SiteSlug } from './auth';
import { networkQuiet } from './test';

/**
 * The terms at sign-up and again after a new version, and the address confirmed before paying (decision 0027): the
 * account step's box, the block on My page and the sign-up steps, and the verification mail the emulator keeps.
 */
export const CONSENT_LABEL = '利用規約とプライバシーポリシーに同意する';

/** The account step's unticked box. */
export const consentBox = (page: Page) => page.getByLabel(CONSENT_LABEL, { exact: true });

/** The request to agree (again) at the top of My page or of a sign-up step. */
export const consentBlock = (page: Page) => page.getByTestId('consent-block');

/** The payment step's notice for an address not yet confirmed. */
export const verificationNotice = (page: Page) => page.getByTestId('email-verification');

/**
 * Agrees to the site's current versions through the API, as the block's 同意する does: for a fresh account signed
 * in by a token (it never saw the account step). The page must be on the site, signed in.
 */
export async function agreeByApi(page: Page): Promise<void> {
  const answer = await page.evaluate(async () => {
    const versions = (await (await fetch('/api/consent', { cache: 'no-store' })).json()) as unknown;
    const response = await fetch('/api/consent', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(versions),
      cache: 'no-store',
    });
    return { status: response.status, body: await response.text() };
  });
  expect(answer.status, `POST /api/consent: ${answer.body}`).toBe(200);
}

/**
 * Opens the verification link the provider would have mailed to `email`, in a tab of its own as a person clicking
 * it in their mail: the emulator sends no mail but lists the codes (README), and the site's /auth/action applies it.
 */
export async function confirmEmailFromMail(page: Page, slug: SiteSlug, email: string): Promise<void> {
  const { oobCode } = await latestOobCode(slug, email, 'VERIFY_EMAIL');
  const tab = await page.context().newPage();
  await tab.goto(`${SITE_URLS[slug]}/auth/action?mode=verifyEmail&oobCode=${encodeURIComponent(oobCode)}`);
  await expect(tab.getByText('メールアドレスを確認しました')).toBeVisible();
  // A signed-in tab then opens a fresh server session, which replaces the browser's (shared with the other tab):
  // closing before it has answered would leave the other tab's next request between two cookies.
  await networkQuiet(tab);
  await tab.close();
}

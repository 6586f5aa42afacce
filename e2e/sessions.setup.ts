import { test } from './support/test';
import { SITE_URLS, demoAccount, signIn } from './support/auth';
import { DEMO_SESSIONS, demoSession } from './support/sessions';

/**
 * Signs in each demo account the specs use, once per run, through the sign-in form, and keeps the browser's state
 * (cookies, localStorage and the provider's IndexedDB) for e2e/support/sessions.ts.
 */
// Each sign-in stands alone: both workers share them, so that the suite, which waits for all of them, starts sooner.
test.describe.configure({ mode: 'parallel' });

for (const [slug, role] of DEMO_SESSIONS) {
  test(`sign in ${role} of ${slug}`, async ({ page }) => {
    const account = demoAccount(slug, role);
    await signIn(page, account.email, account.password, { origin: SITE_URLS[slug] });
    await page.context().storageState({ path: demoSession(slug, role), indexedDB: true });
  });
}

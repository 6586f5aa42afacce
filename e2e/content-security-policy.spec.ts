import { expect, freshContext, test, type Page } from './support/test';
import { demoSession } from './support/sessions';
import { itemLinks } from './support/content';
import { MIO_URL } from './support/sites';
import { SECURITY_HEADERS } from '@/server/http/security-headers.mjs';

/**
 * Issue 20, item 4 (docs/decisions/0025): every HTML answer carries a Content-Security-Policy under which no inline
 * script runs without its answer's nonce or its hash. Pages from the front server's store carry hashes, pages
 * Next.js renders for the request a nonce; both run their own scripts (the app starts) and refuse an injected one.
 * Every test's pages are also watched for violations by the fixture (support/test.ts).
 */

function expectStrictPolicy(policy: string | undefined): string {
  expect(policy).toBeTruthy();
  const scriptSrc = /script-src ([^;]+)/.exec(policy!)?.[1] ?? '';
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  return scriptSrc;
}

/** Adds an inline script the page did not come with: the policy must refuse it, and say so. */
async function injectedScriptRefused(page: Page): Promise<void> {
  const refused = await page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), {
          once: true,
        });
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true;';
        document.body.append(script);
        setTimeout(() => resolve(null), 2_000);
      }),
  );
  expect(refused).toMatch(/^script-src/);
  expect(await page.evaluate(() => 'injected' in window || '__injected' in window)).toBe(false);
}

test('pages from the store carry their scripts’ hashes; pages rendered per request a nonce; an injected script never runs', async ({
  browser,
}) => {
  const context = await freshContext(browser);
  const page = await context.newPage();
  await page.goto(`${MIO_URL}/news`);
  const item = await itemLinks(page, 'news').first().getAttribute('href');
  for (const path of ['/', '/news', item!, '/login']) {
    // Twice: the first may be Next.js's answer, the second comes from the store.
    for (const round of [1, 2]) {
      const response = await page.goto(`${MIO_URL}${path}`);
      const scriptSrc = expectStrictPolicy(response?.headers()['content-security-policy']);
      // The other security headers (next.config.mjs for Next.js's answers, the same list for the store's).
      for (const { key, value } of SECURITY_HEADERS) {
        expect(response?.headers()[key.toLowerCase()], `${path} ${key}`).toBe(value);
      }
      const fromStore = response?.headers()['x-fc-cache'] === 'hit';
      if (fromStore) expect(scriptSrc, path).toContain("'sha256-");
      expect(scriptSrc, `${path} round ${round}`).toMatch(/'(sha256|nonce)-/);
      // The app started under the policy: Next.js's own scripts ran.
      await page.waitForFunction(() => 'next' in window);
    }
    await injectedScriptRefused(page);
  }
  await context.close();
});

test.describe(() => {
  test.use({ storageState: demoSession('mio', 'premium') });

  test("a premium member's pages and My page run under the policy too", async ({ page }) => {
    for (const path of ['/blog', '/mypage']) {
      const response = await page.goto(`${MIO_URL}${path}`);
      expectStrictPolicy(response?.headers()['content-security-policy']);
      await page.waitForFunction(() => 'next' in window);
    }
    // A client-side navigation works (the router's scripts run): from My page to the blog list.
    await page.goto(`${MIO_URL}/blog`);
    await page.locator('main a[href^="/blog/"]').first().click();
    await expect(page).toHaveURL(/\/blog\/[^/]+$/);
  });
});

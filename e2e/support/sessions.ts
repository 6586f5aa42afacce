import path from 'node:path';
import type { Browser, BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import { SITE_URLS, type DemoRole, type SiteSlug } from './auth';
import { freshContext } from './test';

/**
 * Signed-in demo accounts without the sign-in form. e2e/sessions.setup.ts signs each of these in once per run,
 * through the form, and keeps what the browser then holds: the server's session cookie (a real row of `sessions`),
 * the provider's signed-in user (IndexedDB) and the site's sign-in hint (localStorage). A test opens a browser
 * context from it and is signed in the way a returning member is; only the sign-in and sign-up specs type into the
 * form. The sessions are shared, so a test using one never signs it out, nor signs in again in that context (a
 * sign-in ends the session whose cookie it carries).
 */
export const DEMO_SESSIONS = [
  ['mio', 'premium'],
  ['mio', 'guest'],
  ['mio', 'expired'],
  ['mio', 'lost'],
  ['mio', 'owner'],
  ['mio', 'editor'],
  ['mio', 'support'],
  ['mio', 'door'],
  ['second', 'premium'],
  ['second', 'resale'],
  ['second', 'owner'],
  ['second', 'door'],
] as const satisfies readonly (readonly [SiteSlug, DemoRole])[];

/**
 * The storage state file of a demo account's session (one of DEMO_SESSIONS): for `test.use({ storageState })` or a
 * new context.
 */
export function demoSession(slug: SiteSlug, role: DemoRole): string {
  return path.resolve('test-results/sessions', `${slug}-${role}.json`);
}

/** A browser of its own, signed in as the demo account, at the test's viewport; close its context when done. */
export async function demoBrowser(
  browser: Browser,
  slug: SiteSlug,
  role: DemoRole,
  testInfo?: TestInfo,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await freshContext(browser, {
    baseURL: SITE_URLS[slug],
    ...(testInfo ? { viewport: testInfo.project.use.viewport ?? null } : {}),
    ...options,
    storageState: demoSession(slug, role),
  });
  return context.newPage();
}

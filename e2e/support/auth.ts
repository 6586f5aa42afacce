import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page, type Request, type Route } from '@playwright/test';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type TenantAwareAuth } from 'firebase-admin/auth';
import { MIO_URL, SECOND_URL, fontsReady } from './sites';

/**
 * Accounts for the end-to-end tests: the Auth emulator that playwright.config.ts starts with the app (its own port,
 * a fresh state per run), the demo accounts of demo/users.json, and UI helpers for signing in.
 */
export const EMULATOR_HOST = `127.0.0.1:${process.env.E2E_AUTH_PORT ?? 9399}`;
export const EMULATOR_URL = `http://${EMULATOR_HOST}`;
export const PROJECT_ID = 'demo-fanclub';

export type SiteSlug = 'mio' | 'second';

function tenantOf(slug: SiteSlug): string {
  const file = path.resolve('demo/sites', `${slug}.json`);
  const site = JSON.parse(readFileSync(file, 'utf8')) as { config: { TENANT_ID: string } };
  return site.config.TENANT_ID;
}

/** Each site's tenant in the identity provider (config.TENANT_ID). */
export const TENANT_IDS: Record<SiteSlug, string> = { mio: tenantOf('mio'), second: tenantOf('second') };
export const SITE_URLS: Record<SiteSlug, string> = { mio: MIO_URL, second: SECOND_URL };

export type DemoRole =
  | 'premium'
  | 'guest'
  | 'expired'
  | 'authenticating'
  | 'resale'
  | 'lost'
  | 'owner'
  | 'editor'
  | 'support'
  | 'door';

interface DemoAccount {
  role: DemoRole;
  /** Fixed for an account a test signs in with a custom token; otherwise the provider's own. */
  uid?: string;
  email: string;
  password: string;
  displayName: string;
}
const demoUsers = JSON.parse(readFileSync(path.resolve('demo/users.json'), 'utf8')) as Record<
  SiteSlug,
  DemoAccount[]
>;

/**
 * A demo account seeded by scripts/start.ts. Only for tests that never change it and never sign it out: signing
 * out ends every session of the account on the site, which would break a test running beside it. A test that needs
 * it signed in opens its session from e2e/support/sessions.ts rather than the form.
 */
export function demoAccount(slug: SiteSlug, role: DemoAccount['role'] = 'premium'): DemoAccount {
  const account = demoUsers[slug].find((user) => user.role === role);
  if (!account) throw new Error(`demo/users.json has no ${role} account for ${slug}`);
  return account;
}

// ---------------------------------------------------------------------------------------------------------------
// firebase-admin against the emulator

function adminApp(): App {
  // firebase-admin reads the emulator's address from the environment; no credential is needed then.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = EMULATOR_HOST;
  return getApps().find((app) => app.name === 'e2e') ?? initializeApp({ projectId: PROJECT_ID }, 'e2e');
}

/** The admin API of one site's tenant. */
export function tenantAdmin(slug: SiteSlug): TenantAwareAuth {
  return getAuth(adminApp()).tenantManager().authForTenant(TENANT_IDS[slug]);
}

/** Meets both sites' password policies (8+ characters, a lowercase letter and a digit). */
export const FRESH_PASSWORD = 'fresh-pass-1';

let counter = 0;
/** An address no other test, project or run uses. */
export function uniqueEmail(label: string): string {
  counter += 1;
  const worker = test.info().workerIndex;
  const random = Math.random().toString(36).slice(2, 8);
  return `e2e-${label}-w${worker}-${counter}-${Date.now().toString(36)}${random}@example.com`;
}

export interface FreshUser {
  slug: SiteSlug;
  uid: string;
  email: string;
  password: string;
}

/**
 * A new account in the site's tenant, so that a test may change, disable or sign it out freely. Its address is
 * confirmed (it may pay) unless `emailVerified: false`.
 */
export async function createUser(
  slug: SiteSlug,
  {
    label = 'user',
    password = FRESH_PASSWORD,
    emailVerified = true,
  }: { label?: string; password?: string; emailVerified?: boolean } = {},
): Promise<FreshUser> {
  const email = uniqueEmail(label);
  const record = await tenantAdmin(slug).createUser({ email, password, emailVerified });
  return { slug, uid: record.uid, email, password };
}

export async function disableUser(slug: SiteSlug, uid: string): Promise<void> {
  await tenantAdmin(slug).updateUser(uid, { disabled: true });
}

/** A custom token for the user, minted by the tenant's admin API (the emulator accepts unsigned ones). */
export async function mintCustomToken(slug: SiteSlug, uid: string): Promise<string> {
  return tenantAdmin(slug).createCustomToken(uid);
}

/** The account's e-mail as the provider holds it, or null when no account has this address. */
export async function findUserByEmail(slug: SiteSlug, email: string): Promise<{ uid: string } | null> {
  return tenantAdmin(slug)
    .getUserByEmail(email)
    .catch(() => null);
}

/** An ID token from the emulator's REST API, as a script signing in without a browser gets one. */
export async function providerIdToken(slug: SiteSlug, email: string, password: string): Promise<string> {
  const response = await fetch(
    `${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, tenantId: TENANT_IDS[slug], returnSecureToken: true }),
    },
  );
  expect(response.ok, `provider sign-in of ${email}`).toBe(true);
  return ((await response.json()) as { idToken: string }).idToken;
}

/**
 * Asks the emulator's REST API (as the browser SDK would) whether e-mail and password sign in: the provider's error
 * code when they do not, e.g. INVALID_PASSWORD; 'OK' when they do.
 */
export async function providerSignIn(slug: SiteSlug, email: string, password: string): Promise<string> {
  const response = await fetch(
    `${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, tenantId: TENANT_IDS[slug], returnSecureToken: true }),
    },
  );
  if (response.ok) return 'OK';
  const body = (await response.json()) as { error?: { message?: string } };
  return body.error?.message?.split(' : ')[0] ?? `HTTP ${response.status}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Out-of-band codes: the links the provider would e-mail

export interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL' | 'VERIFY_AND_CHANGE_EMAIL' | 'EMAIL_SIGNIN' | string;
  newEmail?: string;
}

/** Every code the emulator has "sent" for the site's tenant, oldest first. */
export async function listOobCodes(slug: SiteSlug): Promise<OobCode[]> {
  const response = await fetch(
    `${EMULATOR_URL}/emulator/v1/projects/${PROJECT_ID}/tenants/${TENANT_IDS[slug]}/oobCodes`,
  );
  expect(response.ok, `GET oobCodes: HTTP ${response.status}`).toBe(true);
  const body = (await response.json()) as { oobCodes?: OobCode[] };
  return body.oobCodes ?? [];
}

/** The latest code of this type mailed to this address, waiting for it to be sent. */
export async function latestOobCode(
  slug: SiteSlug,
  email: string,
  requestType: OobCode['requestType'],
): Promise<OobCode> {
  let found: OobCode | undefined;
  await expect
    .poll(
      async () => {
        const codes = await listOobCodes(slug);
        found = codes.filter((code) => code.email === email && code.requestType === requestType).at(-1);
        return found !== undefined;
      },
      { message: `a ${requestType} code for ${email}` },
    )
    .toBe(true);
  return found!;
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

/** ログイン / 新規入会, or マイページ: rendered once the provider's first answer is known (and React hydrated). */
export const authLinks = (page: Page) => page.getByTestId('auth-links');

export async function expectSignedIn(page: Page): Promise<void> {
  await expect(authLinks(page)).toHaveText('マイページ');
  await expect(authLinks(page).getByRole('link', { name: 'マイページ' })).toHaveAttribute('href', '/mypage');
}

export async function expectSignedOut(page: Page): Promise<void> {
  await expect(authLinks(page)).toHaveText('ログイン新規入会');
  await expect(authLinks(page).getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
  await expect(authLinks(page).getByRole('link', { name: '新規入会' })).toHaveAttribute('href', '/signup');
}

/** The forms work only once hydrated: the header's auth links appear then, never before. */
export async function authReady(page: Page): Promise<void> {
  await expect(authLinks(page)).toBeVisible();
}

export const toasts = (page: Page) => page.locator('[data-sonner-toast]');
export const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text });

/** The error shown beside a field: the field-error element the input's aria-describedby names. */
export async function fieldError(field: Locator): Promise<Locator> {
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, 'the field is described by an error').toBeTruthy();
  const page = field.page();
  return page.locator(`[id="${errorId}"]`);
}

/** Expects exactly this error beside the field, announced, and no other field error on the form. */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const error = await fieldError(field);
  await expect(error).toHaveText(message);
  await expect(error).toHaveAttribute('data-testid', 'field-error');
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(field.page().getByTestId('field-error')).toHaveCount(1);
}

/** The sign-in form's fields and button. */
export function signInForm(page: Page) {
  return {
    email: page.getByLabel('メールアドレス', { exact: true }),
    password: page.getByLabel('パスワード', { exact: true }),
    submit: page.getByRole('button', { name: 'ログイン', exact: true }),
  };
}

/** Opens /login (with `?next=`, if given) on the site's origin and submits e-mail and password. */
export async function submitSignIn(
  page: Page,
  email: string,
  password: string,
  { origin = MIO_URL, next }: { origin?: string; next?: string } = {},
): Promise<void> {
  await page.goto(`${origin}/login${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`);
  await authReady(page);
  const form = signInForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** Signs in through the form and waits for My page (or `expectPath`), signed in. */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  options: { origin?: string; next?: string; expectPath?: string } = {},
): Promise<void> {
  const origin = options.origin ?? MIO_URL;
  await submitSignIn(page, email, password, options);
  await expect(page).toHaveURL(`${origin}${options.expectPath ?? '/mypage'}`);
  await expectSignedIn(page);
}

/** Spec 9: another service of the club signs the visitor in by leaving a custom token in this cookie. */
export const CUSTOM_TOKEN_COOKIE = 'custom_token';

/**
 * Signs a fresh account in without the form, the way another service of the club does (spec 9): a custom token in
 * the custom_token cookie, which the site's next page load exchanges for a signed-in user and a server session.
 * For specs about something else than signing in; e2e/auth-*.spec.ts keep the form.
 */
export async function signInWithToken(page: Page, user: FreshUser, path = '/mypage'): Promise<void> {
  const origin = SITE_URLS[user.slug];
  const token = await mintCustomToken(user.slug, user.uid);
  await page.context().addCookies([{ name: CUSTOM_TOKEN_COOKIE, value: token, url: `${origin}/` }]);
  await page.goto(`${origin}/`);
  await expectSignedIn(page);
  await expect.poll(() => sessionOf(page)).toEqual({ status: 200, uid: user.uid });
  await page.goto(`${origin}${path}`);
  await expect(page).toHaveURL(`${origin}${path}`);
}

/** GET /api/session from the page itself, so that exactly the browser's cookies go with it. */
export async function sessionOf(page: Page): Promise<{ status: number; uid: string | null }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/session', { cache: 'no-store' });
    const body = (await response.json().catch(() => null)) as { uid?: string } | null;
    return { status: response.status, uid: body?.uid ?? null };
  });
}

export const SESSION_COOKIE = '__Host-fc_session';

/**
 * Records, from before the first byte of every document, each text the header's auth-link slot ever has:
 * '(loading)' for the placeholder. MutationObserver callbacks run before the browser can paint, so a text that
 * could have been seen on screen, even for one frame, is in the record.
 */
export async function recordAuthLinks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __authLinkTexts: string[] }).__authLinkTexts = seen;
    const record = () => {
      const slot = document.querySelector('[data-testid="auth-links"], [data-testid="auth-links-loading"]');
      if (!slot) return;
      const text =
        slot.getAttribute('data-testid') === 'auth-links' ? (slot.textContent ?? '').trim() : '(loading)';
      if (seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export async function recordedAuthLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __authLinkTexts: string[] }).__authLinkTexts]);
}

// ---------------------------------------------------------------------------------------------------------------
// Provider errors by interception

/** The provider's REST endpoint of an Auth call, e.g. 'accounts:signInWithPassword'. */
export const providerCall = (endpoint: string) => `**/identitytoolkit.googleapis.com/v1/${endpoint}*`;

/** Answers a provider call the way the provider reports an error, CORS headers included. */
export async function fulfillProviderError(route: Route, serverCode: string): Promise<void> {
  const request: Request = route.request();
  const origin = (await request.headerValue('origin')) ?? '*';
  await route.fulfill({
    status: 400,
    contentType: 'application/json',
    headers: { 'access-control-allow-origin': origin, vary: 'Origin' },
    body: JSON.stringify({
      error: {
        code: 400,
        message: serverCode,
        errors: [{ message: serverCode, reason: 'invalid', domain: 'global' }],
      },
    }),
  });
}

/**
 * Makes calls of this endpoint fail with the provider's error code: every call, or only the next `times` ones (a
 * CORS preflight does not count). Returns how many calls were answered so far.
 */
export async function failProviderCall(
  page: Page,
  endpoint: string,
  serverCode: string,
  times = Infinity,
): Promise<() => number> {
  let failed = 0;
  await page.route(providerCall(endpoint), async (route) => {
    if (route.request().method() === 'OPTIONS' || failed >= times) return route.fallback();
    failed += 1;
    await fulfillProviderError(route, serverCode);
  });
  return () => failed;
}

// ---------------------------------------------------------------------------------------------------------------
// Screenshots

/** test-results/screens/<project>-auth-<name>.png, like e2e/screenshots.spec.ts; for a person to look at. */
export async function shoot(page: Page, name: string): Promise<void> {
  await fontsReady(page);
  const file = `test-results/screens/${test.info().project.name}-auth-${name}.png`;
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await test.info().attach(`auth-${name}`, { path: file, contentType: 'image/png' });
}

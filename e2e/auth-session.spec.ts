import { expect, networkQuiet, test } from './support/test';
import { newBrowser } from './support/membership';
import { MIO_URL, SECOND_URL } from './support/sites';
import {
  SESSION_COOKIE,
  authReady,
  createUser,
  demoAccount,
  expectSignedIn,
  expectSignedOut,
  recordAuthLinks,
  recordedAuthLinks,
  sessionOf,
  shoot,
  signIn,
  toast,
} from './support/auth';

const SIGNED_OUT_LINKS = 'ログイン新規入会';
const SIGNED_IN_LINKS = 'マイページ';

test.describe('server session on mio', () => {
  test(
    'a demo member signs in from /login and lands on My page with their e-mail',
    { tag: '@postgres' },
    async ({ page }) => {
      const member = demoAccount('mio', 'premium');
      await signIn(page, member.email, member.password);

      await expect(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
      await expect(page.getByTestId('account-email')).toHaveText(member.email);
      await expect(toast(page, 'ログインしました')).toBeVisible();
      expect((await sessionOf(page)).status).toBe(200);
      await shoot(page, 'mypage');
    },
  );

  test('the session cookie is __Host-, HttpOnly, Secure and SameSite=Lax', async ({ page, context }) => {
    const member = demoAccount('mio', 'guest');
    await signIn(page, member.email, member.password);

    const cookies = await context.cookies(MIO_URL);
    const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session, `${SESSION_COOKIE} is set`).toBeDefined();
    expect(session).toMatchObject({
      domain: 'localhost',
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    });
    expect(session!.value.length).toBeGreaterThanOrEqual(32);
    expect(session!.expires * 1000).toBeGreaterThan(Date.now());
    // HttpOnly: the page's scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
  });

  test('after a reload the member is still signed in, and the header never flashes ログイン', async ({
    page,
  }) => {
    const member = demoAccount('mio', 'owner');
    await signIn(page, member.email, member.password);
    await recordAuthLinks(page);

    // The record is per document: the reloaded My page, then a page loaded afresh.
    for (const load of [() => page.reload(), () => page.goto('/news')]) {
      await load();
      await expectSignedIn(page);
      // Until the session check and the account check that follow the first answer are over.
      await networkQuiet(page);
      // The placeholder from the server's HTML, then マイページ: ログイン was never on screen.
      const seen = await recordedAuthLinks(page);
      expect(seen.join('|')).not.toContain('ログイン');
      expect(seen).toEqual(['(loading)', SIGNED_IN_LINKS]);
    }
    await expect(page).toHaveURL(`${MIO_URL}/news`);
    await page.goto('/mypage');
    await expect(page.getByTestId('account-email')).toHaveText(member.email);
  });

  test('the page-load check runs once per page load, not again when the page refreshes after sign-in', async ({
    page,
  }) => {
    const member = demoAccount('mio', 'guest');
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.endsWith('/api/session') || url.includes('accounts:lookup'))
        calls.push(`${request.method()} ${url}`);
    });
    await signIn(page, member.email, member.password);
    await networkQuiet(page);
    // The sign-in itself: one POST /api/session and the SDK's own lookup; nothing after the refresh.
    expect(calls.filter((call) => call.startsWith('GET ') && call.endsWith('/api/session'))).toEqual([]);
    expect(calls.filter((call) => call.includes('accounts:lookup')).length).toBeLessThanOrEqual(1);

    calls.length = 0;
    await page.reload();
    await authReady(page);
    await networkQuiet(page);
    // A full load: one session check and one account check.
    expect(calls.filter((call) => call.startsWith('GET ') && call.endsWith('/api/session'))).toHaveLength(1);
  });

  test('a signed-out visitor never sees マイページ in the header', async ({ page }) => {
    await recordAuthLinks(page);
    for (const load of [() => page.goto('/'), () => page.reload(), () => page.goto('/login')]) {
      await load();
      await expectSignedOut(page);
      await networkQuiet(page);
      const seen = await recordedAuthLinks(page);
      expect(seen.join('|')).not.toContain('マイページ');
      expect(seen).toEqual(['(loading)', SIGNED_OUT_LINKS]);
    }
  });

  test(
    'signing out from My page ends the session everywhere on the site',
    { tag: '@postgres' },
    async ({ page, context }) => {
      // A fresh account: signing out ends every session of the account on this site.
      const user = await createUser('mio', { label: 'signout' });
      await signIn(page, user.email, user.password);
      expect(await sessionOf(page)).toEqual({ status: 200, uid: user.uid });

      await page.getByRole('button', { name: 'ログアウト' }).click();
      const done = toast(page, 'ログアウトしました');
      await expect(done).toBeVisible();
      await expect(done).toHaveText('ログアウトしました');
      await expect(page).toHaveURL(`${MIO_URL}/`);
      await expectSignedOut(page);

      const cookies = await context.cookies(MIO_URL);
      expect(cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
      expect(await sessionOf(page)).toEqual({ status: 401, uid: null });

      await page.goto('/mypage');
      await expect(page).toHaveURL(`${MIO_URL}/login?next=%2Fmypage`);
      await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible();
      await expectSignedOut(page);
    },
  );
});

test.describe('sign-out everywhere', () => {
  test(
    "signing out in one browser ends the member's session in another",
    { tag: '@postgres' },
    async ({ page, browser }, testInfo) => {
      const user = await createUser('mio', { label: 'two-browsers' });
      const { context: other, page: second } = await newBrowser(browser, 'mio', testInfo);
      await signIn(page, user.email, user.password);
      await signIn(second, user.email, user.password);
      // Revocation counts in whole seconds: a sign-in in the same second as the sign-out would survive it.
      const signedInSecond = Math.floor(Date.now() / 1000);
      await expect
        .poll(() => Math.floor(Date.now() / 1000), { intervals: [100] })
        .toBeGreaterThan(signedInSecond);

      await page.getByRole('button', { name: 'ログアウト' }).click();
      await expect(toast(page, 'ログアウトしました')).toBeVisible();

      await second.reload();
      await expect(second).toHaveURL(`${MIO_URL}/login?next=%2Fmypage`);
      await expectSignedOut(second);
      expect(await sessionOf(second)).toEqual({ status: 401, uid: null });
      await other.close();
    },
  );

  // /login sends a visitor the SDK thinks is signed in on to `next` only once the server has opened their session;
  // otherwise the member page would send them straight back, without end.
  test('a browser whose session the server refuses is not bounced between /mypage and /login', async ({
    page,
    context,
  }) => {
    const user = await createUser('mio', { label: 'refused' });
    await signIn(page, user.email, user.password);
    // The browser keeps its provider user; the server session is gone and cannot be opened again.
    await context.clearCookies();
    await page.route('**/api/session', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'ただいま混み合っています。' } }),
          })
        : route.fallback(),
    );
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    await page.goto('/mypage');
    await expect(page).toHaveURL(`${MIO_URL}/login?next=%2Fmypage`);
    // A bounce would keep the page busy with navigations: once it is quiet, it has stayed where it is.
    await networkQuiet(page);
    expect(navigations, 'main-frame navigations').toBeLessThanOrEqual(3);
    await expect(page).toHaveURL(`${MIO_URL}/login?next=%2Fmypage`);
  });
});

test.describe('the next parameter of /login', () => {
  test('a path of the site is followed after sign-in', async ({ page }) => {
    const member = demoAccount('mio', 'guest');
    await signIn(page, member.email, member.password, {
      next: '/mypage/password',
      expectPath: '/mypage/password',
    });
    await expect(page.getByRole('heading', { level: 1, name: 'パスワードの変更' })).toBeVisible();
  });

  test('another origin (//evil.example) is not followed: My page instead', async ({ page }) => {
    const member = demoAccount('mio', 'guest');
    await signIn(page, member.email, member.password, { next: '//evil.example', expectPath: '/mypage' });
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
  });

  test('a signed-out visitor of a member page comes back to it after sign-in', async ({ page }) => {
    const member = demoAccount('mio', 'premium');
    await page.goto('/mypage/email');
    await expect(page).toHaveURL(`${MIO_URL}/login?next=%2Fmypage%2Femail`);
    await authReady(page);
    await page.getByLabel('メールアドレス', { exact: true }).fill(member.email);
    await page.getByLabel('パスワード', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page).toHaveURL(`${MIO_URL}/mypage/email`);
    await expect(page.getByRole('heading', { level: 1, name: 'メールアドレスの変更' })).toBeVisible();
  });
});

test.describe('sessions are per site', () => {
  test("mio's session cookie is worthless on the second site", async ({ page, context }) => {
    const member = demoAccount('mio', 'premium');
    await signIn(page, member.email, member.password);
    const session = (await context.cookies(MIO_URL)).find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session).toBeDefined();

    // The same value, now also a cookie of second.localhost (host-only, as __Host- demands).
    await context.addCookies([{ ...session!, domain: new URL(SECOND_URL).hostname, path: '/' }]);
    const copied = (await context.cookies(SECOND_URL)).find((cookie) => cookie.name === SESSION_COOKIE);
    expect(copied?.value).toBe(session!.value);

    await page.goto(`${SECOND_URL}/`);
    await authReady(page);
    const sent = page.waitForRequest((request) => request.url() === `${SECOND_URL}/api/session`);
    expect(await sessionOf(page)).toEqual({ status: 401, uid: null });
    // The browser really sent mio's session to the second site.
    expect(await (await sent).headerValue('cookie')).toContain(`${SESSION_COOKIE}=${session!.value}`);
    await expectSignedOut(page);

    // The copied cookie was refused above (and cleared); copy it again for the member page.
    await context.addCookies([{ ...session!, domain: new URL(SECOND_URL).hostname, path: '/' }]);
    await page.goto(`${SECOND_URL}/mypage`);
    await expect(page).toHaveURL(`${SECOND_URL}/login?next=%2Fmypage`);

    // On mio the session is still good.
    await page.goto(`${MIO_URL}/`);
    expect((await sessionOf(page)).status).toBe(200);
  });
});

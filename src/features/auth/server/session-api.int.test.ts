import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, sessions } from '@/server/db/schema';
import { tenantAuth } from '@/server/firebase-admin';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { createTestUser, nextWholeSecond, signInWithPassword, type TestUser } from '@/test/auth-emulator';
import { upsertSite, type Site } from '@/features/site/server';
import { firebaseIdentity } from '@/features/auth/server/identity';
import { SESSION_COOKIE } from '@/features/auth/server/cookie';
import { hashSessionToken } from '@/features/auth/server/sessions';
import { REVERIFY_AFTER_MS, type ViewerDeps } from '@/features/auth/server/resolve-viewer';
import {
  createSessionFromToken,
  endSessions,
  readSession,
  type SessionHandler,
} from '@/features/auth/server/session-api';

/**
 * Bad session inputs against every authenticated endpoint of the session API, with the real provider's emulator
 * and a real database. None may be accepted; each must get 401 or 403, never a 500.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let deps: ViewerDeps;
let mio: Site;
let second: Site;

beforeAll(async () => {
  handle = await createTestDb();
  deps = { db: handle.db, identity: firebaseIdentity };
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  for (const site of [mio, second]) {
    // The emulator creates a tenant the first time its id is used.
    await tenantAuth(site.config.TENANT_ID).listUsers(1);
  }
});

afterAll(async () => {
  await handle?.drop();
});

interface RequestOptions {
  cookie?: string | null;
  origin?: string | null;
  body?: string;
  host?: string;
}

function request(method: string, options: RequestOptions = {}): NextRequest {
  const host = options.host ?? 'localhost';
  const headers = new Headers({ host });
  const origin = options.origin === undefined ? `http://${host}` : options.origin;
  if (origin !== null) headers.set('origin', origin);
  if (options.cookie != null) headers.set('cookie', `${SESSION_COOKIE}=${options.cookie}`);
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  return new NextRequest(`http://${host}/api/session`, { method, headers, body: options.body });
}

const postToken = (idToken: unknown) => JSON.stringify({ idToken });

/**
 * A provider user who is a member of the site: these tests are about signing in. The first session of an account the
 * site does not know yet needs a solved challenge (app/[host]/api/signup/challenge/challenge.int.test.ts).
 */
async function createMember(site: Site): Promise<TestUser> {
  const user = await createTestUser(site.config.TENANT_ID);
  await handle.db.insert(members).values({ siteId: site.id, uid: user.uid, email: user.email });
  return user;
}

function sessionCookieOf(response: Response): string | null {
  const match = /__Host-fc_session=([^;]*)/.exec(response.headers.get('set-cookie') ?? '');
  return match?.[1] ? match[1] : null;
}

async function signInAs(user: TestUser, site: Site): Promise<string> {
  const { idToken } = await signInWithPassword(user);
  const response = await createSessionFromToken(request('POST', { body: postToken(idToken) }), site, deps);
  expect(response.status).toBe(200);
  const cookie = sessionCookieOf(response);
  expect(cookie).toMatch(/^[\w-]{43}$/);
  return cookie!;
}

// JWT helpers for forged and tampered tokens.
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function decodePart(token: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString()) as Record<string, unknown>;
}
function withClaims(token: string, change: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${b64({ ...decodePart(token, 1), ...change })}.${signature ?? ''}`;
}
function signedWithForeignKey(claims: Record<string, unknown>): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const unsigned = `${b64({ alg: 'RS256', kid: 'forged-key', typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
}

async function expectRefused(response: Response, statuses: number[] = [401]) {
  expect(statuses).toContain(response.status);
  const body = (await response.json()) as { error?: { message?: string }; uid?: string };
  expect(body.uid).toBeUndefined();
  expect(body.error?.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  // Never a session cookie for a refused request (only the one that clears it).
  expect(sessionCookieOf(response)).toBeNull();
}

describe('genuine sign-in (the control: proves the refusals below are not the API refusing everything)', () => {
  it('opens a session from a genuine token, reads it back and signs out', async () => {
    const user = await createMember(mio);
    const cookie = await signInAs(user, mio);
    const read = await readSession(request('GET', { cookie }), mio, deps);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ uid: user.uid, email: user.email });
    expect(read.headers.get('cache-control')).toContain('no-store');
    const setCookie = (await createSessionFromToken(
      request('POST', { body: postToken((await signInWithPassword(user)).idToken) }),
      mio,
      deps,
    ))!.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Expires=/);
    expect((await endSessions(request('DELETE', { cookie }), mio, deps)).status).toBe(200);
  });

  it('gives a new session id at every sign-in and ends the previous one of that browser', async () => {
    const user = await createMember(mio);
    const first = await signInAs(user, mio);
    const { idToken } = await signInWithPassword(user);
    const again = await createSessionFromToken(
      request('POST', { cookie: first, body: postToken(idToken) }),
      mio,
      deps,
    );
    const second = sessionCookieOf(again);
    expect(second).not.toBe(first);
    await expectRefused(await readSession(request('GET', { cookie: first }), mio, deps));
    expect((await readSession(request('GET', { cookie: second }), mio, deps)).status).toBe(200);
  });
});

describe('refusals and a concurrent sign-in', () => {
  it('a refused check sets no cookie, so it cannot erase the cookie of a sign-in answered meanwhile', async () => {
    for (const cookie of [null, randomBytes(32).toString('base64url')]) {
      const response = await readSession(request('GET', { cookie }), mio, deps);
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    const refusedSignIn = await createSessionFromToken(
      request('POST', { body: postToken('a.b.c') }),
      mio,
      deps,
    );
    expect(refusedSignIn.headers.get('set-cookie')).toBeNull();
  });
});

describe('bad ID tokens on sign-in (POST /api/session)', () => {
  let user: TestUser;
  let genuine: string;

  beforeAll(async () => {
    user = await createMember(mio);
    genuine = (await signInWithPassword(user)).idToken;
  });

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const cases: [string, () => Promise<string | undefined>][] = [
    ['no body at all', async () => undefined],
    ['an empty JSON object', async () => '{}'],
    ['not JSON', async () => 'idToken=abc'],
    ['JSON null', async () => 'null'],
    ['an empty token', async () => postToken('')],
    ['a token that is a number', async () => postToken(12345)],
    ['a token that is an object', async () => postToken({ token: genuine })],
    ['a malformed token (one segment)', async () => postToken('abc')],
    ['a malformed token (two segments)', async () => postToken('abc.def')],
    ['a token with non-base64 characters', async () => postToken('a$b.c%d.e^f')],
    ['a token of 5,000 characters', async () => postToken(`${'a'.repeat(2500)}.${'b'.repeat(2500)}.c`)],
    ['a body of 20 kB', async () => JSON.stringify({ idToken: genuine, pad: 'x'.repeat(20_000) })],
    ['an extra field beside the token', async () => JSON.stringify({ idToken: genuine, uid: 'someone' })],
    [
      'a forged token signed with a foreign key',
      async () =>
        postToken(
          signedWithForeignKey({ ...decodePart(genuine, 1), iat: nowSeconds(), exp: nowSeconds() + 3600 }),
        ),
    ],
    [
      'a forged token for a user who does not exist',
      async () => postToken(withClaims(genuine, { sub: 'nobody', user_id: 'nobody' })),
    ],
    [
      'an expired token',
      async () => postToken(withClaims(genuine, { exp: nowSeconds() - 60, iat: nowSeconds() - 3700 })),
    ],
    [
      'a token issued in the future',
      async () => postToken(withClaims(genuine, { iat: nowSeconds() + 3600 })),
    ],
    [
      'a token signed in in the future',
      async () => postToken(withClaims(genuine, { auth_time: nowSeconds() + 3600 })),
    ],
    [
      'a token for another Firebase project',
      async () => postToken(withClaims(genuine, { aud: 'demo-other' })),
    ],
    [
      'a token from another issuer',
      async () => postToken(withClaims(genuine, { iss: 'https://evil.example/demo-fanclub' })),
    ],
    ['a token without a subject', async () => postToken(withClaims(genuine, { sub: '' }))],
    [
      "a token retagged with the other site's tenant",
      async () =>
        postToken(
          withClaims(genuine, {
            firebase: { sign_in_provider: 'password', tenant: second.config.TENANT_ID },
          }),
        ),
    ],
    [
      "a genuine token of the other site's tenant",
      async () => postToken((await signInWithPassword(await createMember(second))).idToken),
    ],
    [
      'a refresh token instead of an ID token',
      async () => postToken((await signInWithPassword(user)).refreshToken),
    ],
    [
      'a custom token instead of an ID token',
      async () => postToken(await tenantAuth(mio.config.TENANT_ID).createCustomToken(user.uid)),
    ],
    [
      'a token of a user whose sign-ins were revoked',
      async () => {
        const victim = await createMember(mio);
        const { idToken } = await signInWithPassword(victim);
        await nextWholeSecond();
        await tenantAuth(mio.config.TENANT_ID).revokeRefreshTokens(victim.uid);
        return postToken(idToken);
      },
    ],
    [
      'a token of a disabled user',
      async () => {
        const victim = await createMember(mio);
        const { idToken } = await signInWithPassword(victim);
        await tenantAuth(mio.config.TENANT_ID).updateUser(victim.uid, { disabled: true });
        return postToken(idToken);
      },
    ],
    [
      'a token of a deleted user',
      async () => {
        const victim = await createMember(mio);
        const { idToken } = await signInWithPassword(victim);
        await tenantAuth(mio.config.TENANT_ID).deleteUser(victim.uid);
        return postToken(idToken);
      },
    ],
  ];

  it.each(cases)('refuses %s with 401', async (_name, makeBody) => {
    const response = await createSessionFromToken(request('POST', { body: await makeBody() }), mio, deps);
    await expectRefused(response);
  });

  it('opened no session for any of them', async () => {
    const [row] = await handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.uid, 'nobody'));
    expect(row?.count).toBe(0);
  });
});

describe('cross-site requests to the state-changing endpoints', () => {
  const origins: [string, string | null][] = [
    ['another site', 'https://evil.example'],
    ['a sibling subdomain', 'http://second.localhost'],
    ['the other port of the same host', 'http://localhost:4000'],
    ['an opaque origin', 'null'],
    ['no Origin header', null],
    ['a malformed Origin', 'not a url'],
  ];

  it.each(origins)('POST from %s gets 403', async (_name, origin) => {
    const user = await createMember(mio);
    const { idToken } = await signInWithPassword(user);
    const response = await createSessionFromToken(
      request('POST', { origin, body: postToken(idToken) }),
      mio,
      deps,
    );
    await expectRefused(response, [403]);
  });

  it.each(origins)('DELETE from %s gets 403 and the session survives', async (_name, origin) => {
    const cookie = await signInAs(await createMember(mio), mio);
    await expectRefused(await endSessions(request('DELETE', { origin, cookie }), mio, deps), [403]);
    expect((await readSession(request('GET', { cookie }), mio, deps)).status).toBe(200);
  });
});

describe('bad session cookies on every authenticated endpoint', () => {
  const endpoints: [string, string, SessionHandler][] = [
    ['GET /api/session', 'GET', readSession],
    ['DELETE /api/session', 'DELETE', endSessions],
  ];

  const backdate = (cookie: string, column: 'verifiedAt' | 'expiresAt', ms: number) =>
    handle.db
      .update(sessions)
      .set({ [column]: new Date(Date.now() - ms) })
      .where(eq(sessions.idHash, hashSessionToken(cookie)));

  const cookieCases: [string, () => Promise<string | null>][] = [
    ['no cookie', async () => null],
    ['an empty cookie', async () => ''],
    ['a short malformed cookie', async () => 'abc'],
    ['a cookie of 4,000 characters', async () => 'a'.repeat(4000)],
    ['a cookie with characters outside base64url', async () => `${'a'.repeat(42)}$`],
    ['a forged, well-formed cookie never issued', async () => randomBytes(32).toString('base64url')],
    [
      'a genuine cookie with one character changed',
      async () => {
        const cookie = await signInAs(await createMember(mio), mio);
        return `${cookie.slice(0, -1)}${cookie.endsWith('A') ? 'B' : 'A'}`;
      },
    ],
    [
      'the stored hash presented as the cookie',
      async () => hashSessionToken(await signInAs(await createMember(mio), mio)),
    ],
    ["the other site's session cookie", async () => signInAs(await createMember(second), second)],
    [
      'an expired session',
      async () => {
        const cookie = await signInAs(await createMember(mio), mio);
        await backdate(cookie, 'expiresAt', 1000);
        return cookie;
      },
    ],
    [
      'a signed-out session',
      async () => {
        const cookie = await signInAs(await createMember(mio), mio);
        expect((await endSessions(request('DELETE', { cookie }), mio, deps)).status).toBe(200);
        return cookie;
      },
    ],
    [
      'a session replaced by a newer sign-in on the same browser',
      async () => {
        const user = await createMember(mio);
        const cookie = await signInAs(user, mio);
        const { idToken } = await signInWithPassword(user);
        await createSessionFromToken(request('POST', { cookie, body: postToken(idToken) }), mio, deps);
        return cookie;
      },
    ],
    [
      'the session of a user disabled in the provider, once it is due for its check',
      async () => {
        const user = await createMember(mio);
        const cookie = await signInAs(user, mio);
        await tenantAuth(mio.config.TENANT_ID).updateUser(user.uid, { disabled: true });
        await backdate(cookie, 'verifiedAt', REVERIFY_AFTER_MS + 1000);
        return cookie;
      },
    ],
    [
      'the session of a user whose sign-ins were revoked, once it is due for its check',
      async () => {
        const user = await createMember(mio);
        const cookie = await signInAs(user, mio);
        await nextWholeSecond();
        await tenantAuth(mio.config.TENANT_ID).revokeRefreshTokens(user.uid);
        await backdate(cookie, 'verifiedAt', REVERIFY_AFTER_MS + 1000);
        return cookie;
      },
    ],
    [
      'the session of a deleted user, once it is due for its check',
      async () => {
        const user = await createMember(mio);
        const cookie = await signInAs(user, mio);
        await tenantAuth(mio.config.TENANT_ID).deleteUser(user.uid);
        await backdate(cookie, 'verifiedAt', REVERIFY_AFTER_MS + 1000);
        return cookie;
      },
    ],
  ];

  for (const [endpoint, method, handler] of endpoints) {
    it.each(cookieCases)(`${endpoint} refuses %s with 401`, async (_name, makeCookie) => {
      const cookie = await makeCookie();
      await expectRefused(await handler(request(method, { cookie }), mio, deps));
    });
  }

  it("a sign-in clears the user's expired sessions, and only theirs", async () => {
    const user = await createMember(mio);
    const other = await createMember(mio);
    const old = await signInAs(user, mio);
    const othersOld = await signInAs(other, mio);
    await backdate(old, 'expiresAt', 1000);
    await backdate(othersOld, 'expiresAt', 1000);
    await signInAs(user, mio);
    const hashes = (await handle.db.select({ idHash: sessions.idHash }).from(sessions)).map(
      (row) => row.idHash,
    );
    expect(hashes).not.toContain(hashSessionToken(old));
    expect(hashes).toContain(hashSessionToken(othersOld));
  });

  it('a disabled user keeps no session row once the check has run', async () => {
    const user = await createMember(mio);
    const cookie = await signInAs(user, mio);
    await signInAs(user, mio); // a second device
    await tenantAuth(mio.config.TENANT_ID).updateUser(user.uid, { disabled: true });
    await backdate(cookie, 'verifiedAt', REVERIFY_AFTER_MS + 1000);
    await expectRefused(await readSession(request('GET', { cookie }), mio, deps));
    const rows = await handle.db.select().from(sessions).where(eq(sessions.uid, user.uid));
    expect(rows).toHaveLength(0);
  });

  it('sign-out of an account the provider disabled says so, for the browser to tell the member', async () => {
    const user = await createMember(mio);
    const cookie = await signInAs(user, mio);
    await tenantAuth(mio.config.TENANT_ID).updateUser(user.uid, { disabled: true });
    const response = await endSessions(request('DELETE', { cookie }), mio, deps);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedOut: true, account: 'disabled' });
  });

  it('sign-out ends every session of the user on the site, and the provider revokes their refresh tokens', async () => {
    const user = await createMember(mio);
    const phone = await signInAs(user, mio);
    const laptop = await signInAs(user, mio);
    const { refreshToken } = await signInWithPassword(user);
    expect((await endSessions(request('DELETE', { cookie: phone }), mio, deps)).status).toBe(200);
    await expectRefused(await readSession(request('GET', { cookie: laptop }), mio, deps));
    const { validAfter } = (await firebaseIdentity.getAccount(mio.config.TENANT_ID, user.uid))!;
    expect(validAfter).not.toBeNull();
    expect(refreshToken).toBeTruthy();
  });
});

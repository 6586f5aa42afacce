import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '@/server/db/schema';
import { tenantAuth } from '@/server/firebase-admin';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { createTestUser, type TestUser } from '@/test/auth-emulator';
import { upsertSite, type Site } from '@/features/site/server';
import { firebaseIdentity, createSession, resolveViewer } from '@/features/auth/server';
import { memberPost } from '@/test/member-request';

/**
 * Payments ask the provider about the account at the moment they are made (issue 20): reading pages may trust a
 * check a few minutes old, a payment, a card change, leaving or taking it back may not. Real Auth emulator, real
 * database; the site and database lookups of the route are pointed at them.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
vi.mock('@/server/db', () => ({ getDb: async () => handle.db }));
vi.mock('@/features/site/server/site', () => ({ getSite: async () => mio }));
const { billingAction } = await import('@/features/billing/server/billing-api');

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  await tenantAuth(mio.config.TENANT_ID).listUsers(1);
});
afterAll(async () => handle?.drop());

/** A session checked with the provider just now, as a sign-in leaves it. */
async function signedIn(user: TestUser): Promise<string> {
  const now = new Date();
  const { token } = await createSession(
    handle.db,
    { siteId: mio.id, uid: user.uid, email: user.email, authTime: now },
    now,
  );
  return token;
}

function post(action: string, token: string, body: unknown = {}) {
  const request = memberPost(`http://localhost/api/billing/${action}`, token, body);
  return billingAction(request, { params: Promise.resolve({ host: 'localhost', action }) });
}

const sessionsOf = (uid: string) => handle.db.select().from(sessions).where(eq(sessions.uid, uid));
const CARD = { number: '4242424242424242', expiry: '12/40', cvc: '123', holder: 'TARO YAMADA' };

describe('billing for an account disabled at the provider', () => {
  it('lets an account in good standing through to the payment itself', async () => {
    const user = await createTestUser(mio.config.TENANT_ID);
    // No member row: the handler ran and refused on its own terms (the order of the sign-up steps).
    const response = await post('resume', await signedIn(user));
    expect(response.status).toBe(409);
    expect(await sessionsOf(user.uid)).toHaveLength(1);
  });

  it.each([
    ['subscribe', { card: CARD }],
    ['card', { card: CARD }],
    ['leave', { reason: '' }],
    ['resume', {}],
  ])('refuses %s from the moment of disabling, and ends the sessions', async (action, body) => {
    const user = await createTestUser(mio.config.TENANT_ID);
    const token = await signedIn(user);
    await signedIn(user); // another device
    await tenantAuth(mio.config.TENANT_ID).updateUser(user.uid, { disabled: true });
    // Reading pages still trusts the check made at sign-in (at most REVERIFY_AFTER_MS old)...
    expect(await resolveViewer({ db: handle.db, identity: firebaseIdentity }, mio, token)).not.toBeNull();

    // ...a payment does not.
    const response = await post(action, token, body);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: {
        code: 'ACCOUNT_DISABLED',
        message: 'このアカウントはご利用いただけません。お問い合わせフォームからご連絡ください。',
      },
    });
    expect(await sessionsOf(user.uid)).toHaveLength(0);
    expect((await post(action, token, body)).status).toBe(401);
  });

  it('refuses a deleted account as signed out', async () => {
    const user = await createTestUser(mio.config.TENANT_ID);
    const token = await signedIn(user);
    await tenantAuth(mio.config.TENANT_ID).deleteUser(user.uid);
    expect((await post('subscribe', token, { card: CARD })).status).toBe(401);
    expect(await sessionsOf(user.uid)).toHaveLength(0);
  });
});

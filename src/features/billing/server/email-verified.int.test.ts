import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { members, paymentAttempts, plans, sessions } from '@/server/db/schema';
import { tenantAuth } from '@/server/firebase-admin';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { createTestUser } from '@/test/auth-emulator';
import { upsertSite, type Site } from '@/features/site/server';
import { createSession } from '@/features/auth/server';
import { ensureMember } from '@/features/membership/server';
import { memberPost } from '@/test/member-request';

/**
 * Paying needs a confirmed address, as the provider says at the moment of paying (decision 0027): the real Auth
 * emulator, a real database, the billing route as the app runs it.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let monthly: string;
vi.mock('@/server/db', () => ({ getDb: async () => handle.db }));
vi.mock('@/features/site/server/site', () => ({ getSite: async () => mio }));
const { billingAction } = await import('@/features/billing/app');

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  await tenantAuth(mio.config.TENANT_ID).listUsers(1);
  const [plan] = await handle.db
    .insert(plans)
    .values({ siteId: mio.id, code: 'monthly', name: '月額会員', interval: 'month', priceYen: 550 })
    .returning();
  monthly = plan!.id;
});
afterAll(async () => handle?.drop());

const CARD = { number: '4242424242424242', expiry: '12/40', cvc: '123' };

function subscribe(token: string, body: unknown = { card: CARD }) {
  const request = memberPost('http://localhost/api/billing/subscribe', token, body);
  return billingAction(request, { params: Promise.resolve({ host: 'localhost', action: 'subscribe' }) });
}

describe('paying with an address not yet confirmed', () => {
  it('is refused with a Japanese 403 and nothing written; once confirmed at the provider, the same request pays', async () => {
    const user = await createTestUser(mio.config.TENANT_ID);
    const member = await ensureMember(handle.db, mio.id, user.uid, user.email);
    await handle.db
      .update(members)
      .set({ nickname: 'みお', chosenPlanId: monthly })
      .where(eq(members.id, member.id));
    const now = new Date();
    const { token } = await createSession(
      handle.db,
      { siteId: mio.id, uid: user.uid, email: user.email, authTime: now },
      now,
    );

    const refused = await subscribe(token);
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'EMAIL_UNVERIFIED' });
    expect(body.error.message).toContain('メールアドレスの確認');
    expect(
      await handle.db.select().from(paymentAttempts).where(eq(paymentAttempts.memberId, member.id)),
    ).toEqual([]);
    // Refusing is not signing out: the session stays.
    expect(await handle.db.select().from(sessions).where(eq(sessions.uid, user.uid))).toHaveLength(1);

    // The verification link applied (what /auth/action does with the provider's oobCode).
    await tenantAuth(mio.config.TENANT_ID).updateUser(user.uid, { emailVerified: true });
    const paid = await subscribe(token);
    expect(paid.status).toBe(200);
    const [joined] = await handle.db.select().from(members).where(eq(members.id, member.id));
    expect(joined!.memberNumber).not.toBeNull();
  });
});

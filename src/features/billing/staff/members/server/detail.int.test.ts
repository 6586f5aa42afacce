import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { isAppError } from '@/lib/errors';
import { members, staffMembers } from '@/server/db/schema';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { upsertSite, type Site } from '@/features/site/server';
import { handleBillingEvent } from '@/features/billing/server/events';
import { startPayment } from '@/features/billing/server/membership';
import { ensureMember, findMember } from '@/features/membership/server';
import { memberDetail } from '@/features/billing/staff/members/server/detail';
import { grantComplimentary, revokeGrant } from '@/features/billing/staff/members/server/grants';
import { actorOf } from '@/features/staff/testing';
import { addPlan } from '@/features/membership/testing';
import { eq } from 'drizzle-orm';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
let provider: SandboxProvider;
const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  const db = handle.db;
  provider = createSandboxProvider(db, async (event) => {
    await handleBillingEvent(db, provider, event);
  });
});
afterAll(async () => handle?.drop());

describe('memberDetail', () => {
  it('shows status, subscription, grants with who gave them, and the payment history newest first', async () => {
    const plan = await addPlan(handle.db, mio.id, 'monthly', '月額会員');
    const actor = actorOf(mio.id);
    await handle.db.insert(staffMembers).values({
      siteId: mio.id,
      uid: actor.uid,
      email: actor.email!,
      displayName: 'サポート担当',
      role: 'support',
    });
    const created = await ensureMember(handle.db, mio.id, 'uid-detail', 'detail@example.jp');
    await handle.db
      .update(members)
      .set({ nickname: '詳細さん', chosenPlanId: plan.id })
      .where(eq(members.id, created.id));
    const member = (await findMember(handle.db, mio.id, 'uid-detail'))!;

    const guest = await memberDetail(handle.db, actor, provider, member.id, await provider.now(mio.id));
    expect(guest).toMatchObject({ status: 'guest', subscriptions: [], grants: [], payments: [] });

    const grant = await grantComplimentary(
      handle.db,
      actor,
      member.id,
      { endsOn: '2099-01-01' },
      new Date('2098-06-01'),
    );
    if (!grant.ok) throw new Error('grant refused');
    const granted = await memberDetail(handle.db, actor, provider, member.id, new Date('2098-06-02'));
    expect(granted.status).toBe('complimentary');
    expect(granted.grants).toMatchObject([
      { id: grant.grant.id, running: true, grantedByName: 'サポート担当' },
    ]);
    await revokeGrant(handle.db, actor, member.id, grant.grant.id, new Date('2098-06-03'));

    await startPayment(handle.db, provider, { member, email: member.email, card });
    await provider.advanceClock(mio.id, 32 * 24 * 60 * 60 * 1000);
    const paid = await memberDetail(handle.db, actor, provider, member.id, await provider.now(mio.id));
    expect(paid.status).toBe('premium');
    expect(paid.subscriptions).toMatchObject([
      { status: 'active', planName: '月額会員', cancelAtPeriodEnd: false },
    ]);
    expect(paid.grants).toMatchObject([{ running: false }]);
    expect(paid.payments.map((p) => [p.status, p.amountYen])).toEqual([
      ['paid', 550],
      ['paid', 550],
    ]);
    expect(paid.payments[0]!.createdAt > paid.payments[1]!.createdAt).toBe(true);
    expect(paid.paymentsError).toBeNull();

    const elsewhere = await memberDetail(
      handle.db,
      actorOf(second.id, 'owner'),
      provider,
      member.id,
      new Date(),
    ).catch((e: unknown) => e);
    expect(isAppError(elsewhere) && elsewhere.code).toBe('NOT_FOUND');
    const editor = await memberDetail(
      handle.db,
      actorOf(mio.id, 'editor'),
      provider,
      member.id,
      new Date(),
    ).catch((e: unknown) => e);
    expect(isAppError(editor) && editor.code).toBe('FORBIDDEN');
  });
});

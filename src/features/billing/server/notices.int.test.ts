import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { members, notices, plans, subscriptions } from '@/server/db/schema';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, findMember } from '@/features/membership/server';
import { applySubscriptionState, handleBillingEvent } from '@/features/billing/server/events';
import { leaveMembership, resumeMembership, startPayment } from '@/features/billing/server/membership';
import { notify } from '@/features/notices/server';

/**
 * Notices are written in the transaction of their cause: both or neither (docs/decisions/0028). Here in billing, whose
 * changes send them: notices sits below billing (decision 0042).
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let site: Site;
let monthly: string;
let provider: SandboxProvider;
const good = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };

beforeAll(async () => {
  handle = await createTestDb();
  site = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  const [plan] = await handle.db
    .insert(plans)
    .values({ siteId: site.id, code: 'monthly', name: '月額会員', interval: 'month', priceYen: 550 })
    .returning();
  monthly = plan!.id;
  const db = handle.db;
  provider = createSandboxProvider(db, async (event) => {
    await handleBillingEvent(db, provider, event);
  });
});
afterAll(async () => handle?.drop());

async function memberWithPlan(uid: string) {
  const member = await ensureMember(handle.db, site.id, uid);
  await handle.db
    .update(members)
    .set({ nickname: uid, chosenPlanId: monthly, email: `${uid}@example.com` })
    .where(eq(members.id, member.id));
  return (await findMember(handle.db, site.id, uid))!;
}

const noticesOf = (memberId: string) =>
  handle.db.select().from(notices).where(eq(notices.memberId, memberId)).orderBy(notices.createdAt);

describe('notices of membership changes', () => {
  it('joining writes the welcome (with the member number) and the payment, once however often applied', async () => {
    const member = await memberWithPlan('joins');
    await startPayment(handle.db, provider, { member, email: null, card: good });
    const joined = (await findMember(handle.db, site.id, 'joins'))!;
    const written = await noticesOf(member.id);
    expect(written.map((notice) => notice.kind).sort()).toEqual(['payment-succeeded', 'welcome']);
    expect(written.find((notice) => notice.kind === 'welcome')!.data).toMatchObject({
      memberNumber: joined.memberNumber,
      planName: '月額会員',
    });
    // The same state applied again (a redelivered event, the reconciliation job) adds nothing.
    const [subscription] = await handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.memberId, member.id));
    const state = (await provider.retrieveSubscription(subscription!.providerSubscriptionId))!;
    await handle.db.transaction((tx) => applySubscriptionState(tx, 'sandbox', state));
    expect(await noticesOf(member.id)).toHaveLength(2);
  });

  it('leaving and taking it back each write their notice', async () => {
    const member = await memberWithPlan('leaves');
    await startPayment(handle.db, provider, { member, email: null, card: good });
    const joined = (await findMember(handle.db, site.id, 'leaves'))!;
    await leaveMembership(handle.db, provider, joined, null);
    await leaveMembership(handle.db, provider, joined, null);
    await resumeMembership(handle.db, provider, joined);
    const kinds = (await noticesOf(member.id)).map((notice) => notice.kind);
    expect(kinds.filter((kind) => kind === 'leave-confirmed')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'leave-undone')).toHaveLength(1);
  });

  it('a notice and its cause roll back together', async () => {
    const member = await memberWithPlan('rolls-back');
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.update(members).set({ nickname: 'changed' }).where(eq(members.id, member.id));
        await notify(tx, {
          siteId: site.id,
          memberId: member.id,
          kind: 'announcement',
          key: 'rollback-test',
          data: { subject: '件名', body: '本文' },
        });
        throw new Error('the cause fails after its notice was written');
      }),
    ).rejects.toThrow(/cause fails/);
    expect(await noticesOf(member.id)).toHaveLength(0);
    expect((await findMember(handle.db, site.id, 'rolls-back'))!.nickname).toBe('rolls-back');
    // And commit together: the same write without the failure keeps both.
    await handle.db.transaction(async (tx) => {
      await tx.update(members).set({ nickname: 'changed' }).where(eq(members.id, member.id));
      await notify(tx, {
        siteId: site.id,
        memberId: member.id,
        kind: 'announcement',
        key: 'rollback-test',
        data: { subject: '件名', body: '本文' },
      });
    });
    expect(await noticesOf(member.id)).toHaveLength(1);
  });
});

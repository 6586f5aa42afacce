import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { billingEvents, members, plans, sandboxSubscriptions, subscriptions } from '@/server/db/schema';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { isAppError } from '@/lib/errors';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, findMember, memberStatus } from '@/features/membership/server';
import { handleBillingEvent } from '@/features/billing/server/events';
import {
  latestSubscription,
  leaveMembership,
  resumeMembership,
  startPayment,
} from '@/features/billing/server/membership';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let site: Site;
let monthly: string;
let provider: SandboxProvider;
const DAY = 24 * 60 * 60 * 1000;
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
    .set({ nickname: uid, chosenPlanId: monthly })
    .where(eq(members.id, member.id));
  return (await findMember(handle.db, site.id, uid))!;
}

async function statusOf(uid: string) {
  const member = (await findMember(handle.db, site.id, uid))!;
  return memberStatus(handle.db, member.id, await provider.now(site.id));
}

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return isAppError(error) ? { status: error.status, message: error.message } : error;
}

describe('sandbox payments', () => {
  it('a paid card makes the member premium with a member number, through recorded events', async () => {
    const member = await memberWithPlan('pays');
    const started = await startPayment(handle.db, provider, { member, email: null, card: good });
    expect(started.kind).toBe('complete');
    expect(await statusOf('pays')).toBe('premium');
    expect((await findMember(handle.db, site.id, 'pays'))!.memberNumber).toBeGreaterThan(0);
    const events = await handle.db.select().from(billingEvents);
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['customer.subscription.created', 'invoice.paid']),
    );
    // Paying again is refused: one membership, one subscription.
    const again = await refusalOf(startPayment(handle.db, provider, { member, email: null, card: good }));
    expect(again).toMatchObject({ status: 409 });
    expect(
      await handle.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id)),
    ).toHaveLength(1);
  });

  it('a declined card answers 402 with the reason in Japanese and saves nothing but what was there', async () => {
    const member = await memberWithPlan('declined');
    const declined = await refusalOf(
      startPayment(handle.db, provider, {
        member,
        email: null,
        card: { ...good, number: '4000000000000002' },
      }),
    );
    expect(declined).toMatchObject({
      status: 402,
      message: expect.stringMatching(/カードが承認されませんでした/),
    });
    const poor = await refusalOf(
      startPayment(handle.db, provider, {
        member,
        email: null,
        card: { ...good, number: '4000000000009995' },
      }),
    );
    expect(poor).toMatchObject({ status: 402, message: expect.stringMatching(/利用可能額が不足/) });
    expect(await latestSubscription(handle.db, member.id)).toBeNull();
    const after = (await findMember(handle.db, site.id, 'declined'))!;
    expect(after).toMatchObject({ nickname: 'declined', chosenPlanId: monthly, memberNumber: null });
    expect(await statusOf('declined')).toBe('guest');
    // The member can try again with a good card.
    await startPayment(handle.db, provider, { member: after, email: null, card: good });
    expect(await statusOf('declined')).toBe('premium');
  });

  it('leaving keeps premium until the period ends, can be taken back, and asking twice changes nothing', async () => {
    const member = await memberWithPlan('leaves');
    await startPayment(handle.db, provider, { member, email: null, card: good });
    const joined = (await findMember(handle.db, site.id, 'leaves'))!;

    const left = await leaveMembership(handle.db, provider, joined, '忙しくなったため');
    expect(left).toMatchObject({
      cancelAtPeriodEnd: true,
      cancelReason: '忙しくなったため',
      status: 'active',
    });
    const twice = await leaveMembership(handle.db, provider, joined, '別の理由');
    expect(twice).toMatchObject({ cancelAtPeriodEnd: true, cancelReason: '忙しくなったため' });
    expect(twice.updatedAt).toEqual(left.updatedAt);
    expect(await statusOf('leaves')).toBe('premium');

    await resumeMembership(handle.db, provider, joined);
    expect(await latestSubscription(handle.db, joined.id)).toMatchObject({
      cancelAtPeriodEnd: false,
      cancelReason: null,
    });

    await leaveMembership(handle.db, provider, joined, null);
    await provider.advanceClock(site.id, 40 * DAY);
    expect(await statusOf('leaves')).toBe('guest');
    expect(await latestSubscription(handle.db, joined.id)).toMatchObject({ status: 'canceled' });
    // Too late to take it back.
    expect(await refusalOf(resumeMembership(handle.db, provider, joined))).toMatchObject({ status: 409 });
  });

  it('a member who did not leave is renewed when the clock passes the period end', async () => {
    const member = await memberWithPlan('renews');
    await startPayment(handle.db, provider, { member, email: null, card: good });
    const before = (await latestSubscription(handle.db, member.id))!;
    await provider.advanceClock(site.id, 35 * DAY);
    const after = (await latestSubscription(handle.db, member.id))!;
    expect(after.status).toBe('active');
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan(before.currentPeriodEnd!.getTime());
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan((await provider.now(site.id)).getTime());
    expect(await statusOf('renews')).toBe('premium');
    const [books] = await handle.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, after.providerSubscriptionId));
    expect(books!.currentPeriodEnd).toEqual(after.currentPeriodEnd);
  });

  it('gives unique, gap-free member numbers to 50 members completing at once', async () => {
    // More than the pool's connections (10 on PostgreSQL): the numbering is contended whatever the engine.
    const joining = await Promise.all(
      Array.from({ length: 50 }, (_, i) => memberWithPlan(`crowd-${String(i).padStart(3, '0')}`)),
    );
    const numbersBefore = (await handle.db.select({ n: members.memberNumber }).from(members))
      .map((row) => row.n)
      .filter((n): n is number => n !== null);
    await Promise.all(
      joining.map((member) => startPayment(handle.db, provider, { member, email: null, card: good })),
    );
    const numbers = (await handle.db.select({ n: members.memberNumber }).from(members))
      .map((row) => row.n)
      .filter((n): n is number => n !== null)
      .sort((a, b) => a - b);
    const expected = numbersBefore.length + 50;
    expect(numbers).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
  }, 120_000);
});

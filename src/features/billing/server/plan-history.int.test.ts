import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { members, plans } from '@/server/db/schema';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { isAppError } from '@/lib/errors';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, findMember, memberStatus } from '@/features/membership/server';
import { handleBillingEvent } from '@/features/billing/server/events';
import { latestSubscription, leaveMembership, startPayment } from '@/features/billing/server/membership';
import { changePlan } from '@/features/billing/server/plan-change';
import { findReceiptPayment, listPaymentHistory } from '@/features/billing/server/history';
import { issueKonbiniPayment, markKonbiniPaid } from '@/features/billing/server/konbini';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let site: Site;
let second: Site;
let monthly: string;
let yearly: string;
let retired: string;
let foreign: string;
let provider: SandboxProvider;
const DAY = 24 * 60 * 60 * 1000;
const good = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };

beforeAll(async () => {
  handle = await createTestDb();
  site = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  const made = await handle.db
    .insert(plans)
    .values([
      { siteId: site.id, code: 'monthly', name: '月額会員', interval: 'month', priceYen: 550 },
      { siteId: site.id, code: 'yearly', name: '年額会員', interval: 'year', priceYen: 5500 },
      { siteId: site.id, code: 'old', name: '旧年額', interval: 'year', priceYen: 5000, active: false },
      { siteId: second.id, code: 'yearly', name: '年額', interval: 'year', priceYen: 6600 },
    ])
    .returning();
  [monthly, yearly, retired, foreign] = made.map((plan) => plan.id) as [string, string, string, string];
  const db = handle.db;
  provider = createSandboxProvider(db, async (event) => {
    await handleBillingEvent(db, provider, event);
  });
});
afterAll(async () => handle?.drop());

async function paidMember(uid: string, planId = monthly) {
  const member = await ensureMember(handle.db, site.id, uid);
  await handle.db
    .update(members)
    .set({ nickname: uid, familyName: '佐藤', givenName: '花子', chosenPlanId: planId })
    .where(eq(members.id, member.id));
  await startPayment(handle.db, provider, {
    member: (await findMember(handle.db, site.id, uid))!,
    email: null,
    card: good,
  });
  return (await findMember(handle.db, site.id, uid))!;
}
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return isAppError(error) ? { status: error.status, message: error.message } : error;
}

describe('plan change', () => {
  it('monthly to yearly at the next renewal, once under double clicks; number and tenure kept', async () => {
    const member = await paidMember('changes');
    const before = (await latestSubscription(handle.db, member.id))!;
    const [a, b] = await Promise.all([
      changePlan(handle.db, provider, member, yearly),
      changePlan(handle.db, provider, member, yearly),
    ]);
    expect(a.pendingPlanId).toBe(yearly);
    expect(b.pendingPlanId).toBe(yearly);
    expect(a.planId).toBe(monthly);
    // Until the renewal, nothing changes: same plan, same period end.
    expect(a.currentPeriodEnd!.getTime()).toBe(before.currentPeriodEnd!.getTime());
    await provider.advanceClock(site.id, 32 * DAY);
    const after = (await latestSubscription(handle.db, member.id))!;
    expect(after).toMatchObject({ planId: yearly, pendingPlanId: null, id: before.id });
    expect(after.currentPeriodEnd!.getTime() - before.currentPeriodEnd!.getTime()).toBeGreaterThan(360 * DAY);
    const again = (await findMember(handle.db, site.id, 'changes'))!;
    expect(again.memberNumber).toBe(member.memberNumber);
    expect(again.joinedAt).toEqual(member.joinedAt);
    // The renewal charged the yearly price.
    const history = await listPaymentHistory(handle.db, provider, again);
    expect(history[0]).toMatchObject({ amountYen: 5500, planName: '年額会員', status: 'paid' });
  });

  it('a pending change can be taken back before it takes effect', async () => {
    const member = await paidMember('takes-back');
    await changePlan(handle.db, provider, member, yearly);
    const back = await changePlan(handle.db, provider, member, null);
    expect(back.pendingPlanId).toBeNull();
    await provider.advanceClock(site.id, 32 * DAY);
    expect((await latestSubscription(handle.db, member.id))!.planId).toBe(monthly);
  });

  it('refuses a plan of another site, a retired plan, the same plan and a leaving member, changing nothing', async () => {
    const member = await paidMember('refused-change');
    expect(await refusal(changePlan(handle.db, provider, member, foreign))).toMatchObject({ status: 400 });
    expect(await refusal(changePlan(handle.db, provider, member, retired))).toMatchObject({ status: 400 });
    expect(await refusal(changePlan(handle.db, provider, member, monthly))).toMatchObject({ status: 409 });
    await leaveMembership(handle.db, provider, member, null);
    expect(await refusal(changePlan(handle.db, provider, member, yearly))).toMatchObject({ status: 409 });
    expect((await latestSubscription(handle.db, member.id))!.pendingPlanId).toBeNull();
  });
});

describe('payment history and receipts', () => {
  it('lists card and konbini payments; a receipt only for the member’s own paid ones', async () => {
    const owner = await paidMember('history');
    const other = await paidMember('history-other');
    const cardLine = (await listPaymentHistory(handle.db, provider, owner))[0]!;
    expect(cardLine).toMatchObject({ method: 'card', status: 'paid', amountYen: 550, planName: '月額会員' });
    expect(cardLine.receiptNumber).toMatch(/^R\d{8}-[0-9A-F]{8}$/);
    expect(await findReceiptPayment(handle.db, provider, owner, cardLine.id)).toMatchObject({
      receiptNumber: cardLine.receiptNumber,
    });
    // Another member's payment is not found, like an unknown id.
    expect(await refusal(findReceiptPayment(handle.db, provider, other, cardLine.id))).toMatchObject({
      status: 404,
    });
    expect(await refusal(findReceiptPayment(handle.db, provider, owner, 'in_sb_nope'))).toMatchObject({
      status: 404,
    });

    const fan = await ensureMember(handle.db, site.id, 'konbini-history');
    const voucher = await issueKonbiniPayment(handle.db, provider, {
      site,
      member: fan,
      planId: yearly,
      email: null,
    });
    const pending = (await listPaymentHistory(handle.db, provider, fan))[0]!;
    expect(pending).toMatchObject({ method: 'konbini', status: 'pending', receiptNumber: null });
    // Unpaid: no receipt.
    expect(await refusal(findReceiptPayment(handle.db, provider, fan, voucher.id))).toMatchObject({
      status: 404,
    });
    await markKonbiniPaid(handle.db, provider, fan, voucher.id);
    const paid = await findReceiptPayment(handle.db, provider, fan, voucher.id);
    expect(paid).toMatchObject({ method: 'konbini', status: 'paid', amountYen: 5500, planName: '年額会員' });
    expect(await memberStatus(handle.db, fan.id, await provider.now(site.id))).toBe('premium');
    expect(await refusal(findReceiptPayment(handle.db, provider, owner, voucher.id))).toMatchObject({
      status: 404,
    });
  });
});

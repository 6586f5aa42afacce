import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import {
  members,
  oneOffPayments,
  plans,
  sandboxKonbiniPayments,
  sandboxSubscriptions,
  subscriptions,
} from '@/server/db/schema';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { isAppError } from '@/lib/errors';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, findMember, memberStatus } from '@/features/membership/server';
import { handleBillingEvent } from '@/features/billing/server/events';
import { startPayment } from '@/features/billing/server/membership';
import { reconcilePayments } from '@/features/billing/server/reconcile';
import {
  currentVoucher,
  issueKonbiniPayment,
  markKonbiniPaid,
  openKonbini,
} from '@/features/billing/server/konbini';
import { konbiniRenewal } from '@/features/billing/server/konbini-renewal';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let site: Site;
let second: Site;
let yearly: string;
let monthly: string;
let secondYearly: string;
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
      { siteId: site.id, code: 'yearly', name: '年額会員', interval: 'year', priceYen: 5500 },
      { siteId: site.id, code: 'monthly', name: '月額会員', interval: 'month', priceYen: 550 },
      { siteId: second.id, code: 'yearly', name: '年額', interval: 'year', priceYen: 6600 },
    ])
    .returning();
  [yearly, monthly, secondYearly] = made.map((plan) => plan.id) as [string, string, string];
  const db = handle.db;
  provider = createSandboxProvider(db, async (event) => {
    await handleBillingEvent(db, provider, event);
  });
});
afterAll(async () => handle?.drop());

async function fan(uid: string, on = site) {
  const member = await ensureMember(handle.db, on.id, uid);
  await handle.db
    .update(members)
    .set({ nickname: uid, chosenPlanId: yearly })
    .where(eq(members.id, member.id));
  return (await findMember(handle.db, on.id, uid))!;
}
const statusOf = async (memberId: string) => memberStatus(handle.db, memberId, await provider.now(site.id));
const issue = (member: Awaited<ReturnType<typeof fan>>, planId = yearly, on = site) =>
  issueKonbiniPayment(handle.db, provider, { site: on, member, planId, email: null });
/**
 * The sandbox, but a request that reaches `call` waits there until released, as one sent a moment later on a slow
 * network: it has passed its checks when another request changes what they saw.
 */
function heldAt(call: keyof SandboxProvider) {
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Proxy(provider, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key !== call || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        reach();
        await released;
        return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
  return { provider: held, reached, release };
}
const vouchersAtProvider = (memberId: string) =>
  handle.db.select().from(sandboxKonbiniPayments).where(eq(sandboxKonbiniPayments.memberId, memberId));
const chargesOf = (memberId: string) =>
  handle.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.memberId, memberId));
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return isAppError(error) ? { status: error.status, message: error.message } : error;
}

describe('konbini vouchers', () => {
  it('issues one voucher with numbers and a 3-day deadline, the same one on a double click', async () => {
    const member = await fan('voucher');
    const [first, again] = await Promise.all([issue(member), issue(member)]);
    expect(first.status).toBe('pending');
    expect(again.id).toBe(first.id);
    expect(first.paymentNumber).toMatch(/^\d{11}$/);
    expect(first.confirmationNumber).toMatch(/^\d{6}$/);
    const days = (first.expiresAt!.getTime() - (await provider.now(site.id)).getTime()) / DAY;
    expect(days).toBeGreaterThan(2.3);
    expect(days).toBeLessThanOrEqual(4);
    expect(await statusOf(member.id)).toBe('guest');
    // A card payment while the voucher can still be paid would charge twice.
    expect(
      await refusal(startPayment(handle.db, provider, { member, email: null, card: good })),
    ).toMatchObject({
      status: 409,
    });
  });

  it('is paid once, even when marked twice at once, and the membership starts then', async () => {
    const member = await fan('pays-once');
    const voucher = await issue(member);
    const marks = await Promise.all([
      markKonbiniPaid(handle.db, provider, member, voucher.id),
      markKonbiniPaid(handle.db, provider, member, voucher.id),
    ]);
    expect(marks.map((mark) => mark.status)).toEqual(['paid', 'paid']);
    expect(await markKonbiniPaid(handle.db, provider, member, voucher.id)).toMatchObject({ status: 'paid' });
    const periods = await handle.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id));
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({ method: 'konbini', status: 'active', cancelAtPeriodEnd: true });
    expect(await statusOf(member.id)).toBe('premium');
    expect((await findMember(handle.db, site.id, 'pays-once'))!.memberNumber).toBeGreaterThan(0);
    // Premium with months to run: no next voucher yet.
    expect(await refusal(issue(member))).toMatchObject({ status: 409 });
  });

  it('refuses what it must with a Japanese 4xx and changes nothing', async () => {
    const member = await fan('refused');
    const other = await fan('someone-else');
    const voucher = await issue(other);
    expect(await refusal(markKonbiniPaid(handle.db, provider, member, voucher.id))).toMatchObject({
      status: 404,
    });
    // A plan of another site, a monthly plan (mio offers konbini for yearly only), a site without konbini.
    expect(await refusal(issue(member, secondYearly))).toMatchObject({ status: 400 });
    expect(await refusal(issue(member, monthly))).toMatchObject({
      status: 400,
      message: 'このプランはコンビニ払いをご利用いただけません。',
    });
    const elsewhere = await fan('second-fan', second);
    expect(await refusal(issue(elsewhere, secondYearly, second))).toMatchObject({ status: 400 });
    const [retired] = await handle.db
      .insert(plans)
      .values({
        siteId: site.id,
        code: 'old',
        name: '旧年額',
        interval: 'year',
        priceYen: 5000,
        active: false,
      })
      .returning();
    expect(await refusal(issue(member, retired!.id))).toMatchObject({ status: 400 });
    const rows = await handle.db.select().from(oneOffPayments).where(eq(oneOffPayments.memberId, member.id));
    expect(rows).toHaveLength(0);
    const [unchanged] = await handle.db
      .select()
      .from(oneOffPayments)
      .where(eq(oneOffPayments.id, voucher.id));
    expect(unchanged!.status).toBe('pending');
  });

  it('expires unpaid; it can no longer be paid, and the fan chooses again: a new voucher or a card', async () => {
    const member = await fan('expires');
    const voucher = await issue(member);
    await provider.advanceClock(site.id, 4 * DAY);
    const [expired] = await handle.db.select().from(oneOffPayments).where(eq(oneOffPayments.id, voucher.id));
    expect(expired!.status).toBe('expired');
    expect(await refusal(markKonbiniPaid(handle.db, provider, member, voucher.id))).toMatchObject({
      status: 409,
    });
    expect(await currentVoucher(handle.db, provider, member)).toBeNull();
    const fresh = await issue(member);
    expect(fresh.id).not.toBe(voucher.id);
    expect(fresh.status).toBe('pending');
    await provider.advanceClock(site.id, 4 * DAY);
    // Nothing else was lost: the card pays and the fan is a member.
    expect(await startPayment(handle.db, provider, { member, email: null, card: good })).toMatchObject({
      kind: 'complete',
    });
    expect(await statusOf(member.id)).toBe('premium');
  });

  it('does not renew: the next period opens 14 days before the end and starts when this one ends', async () => {
    const member = await fan('renews');
    await markKonbiniPaid(handle.db, provider, member, (await issue(member)).id);
    const renewal = await konbiniRenewal(handle.db, provider, member);
    expect(renewal.mayPay).toBe(false);
    await provider.advanceClock(
      site.id,
      renewal.opensAt!.getTime() - (await provider.now(site.id)).getTime() + DAY,
    );
    const next = await issue(member);
    await markKonbiniPaid(handle.db, provider, member, next.id);
    const [paid] = await handle.db.select().from(oneOffPayments).where(eq(oneOffPayments.id, next.id));
    expect(paid!.periodStart!.getTime()).toBe(renewal.endsAt!.getTime());
    await provider.advanceClock(site.id, 30 * DAY);
    expect(await statusOf(member.id)).toBe('premium');
  });

  it('a second click that waited while the first voucher was paid is refused, not sent a second voucher', async () => {
    const member = await fan('paid-meanwhile');
    const held = heldAt('createCustomer');
    const second = issueKonbiniPayment(handle.db, held.provider, {
      site,
      member,
      planId: yearly,
      email: null,
    });
    await held.reached;
    await markKonbiniPaid(handle.db, provider, member, (await issue(member)).id);
    held.release();
    await expect(second).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await vouchersAtProvider(member.id)).toHaveLength(1);
    const rows = await handle.db.select().from(oneOffPayments).where(eq(oneOffPayments.memberId, member.id));
    expect(rows.filter((row) => row.status !== 'canceled')).toEqual([
      expect.objectContaining({ status: 'paid' }),
    ]);
    // The refused row holds nothing: the next period's voucher is issued when it opens.
    expect(await openKonbini(handle.db, member)).toBeNull();
  });

  it('a card click that waited while a voucher was issued is refused, not charged', async () => {
    const member = await fan('voucher-meanwhile');
    const held = heldAt('createCustomer');
    const card = startPayment(handle.db, held.provider, { member, email: null, card: good });
    await held.reached;
    const voucher = await issue(member);
    held.release();
    await expect(card).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await chargesOf(member.id)).toHaveLength(0);
    expect(await currentVoucher(handle.db, provider, member)).toMatchObject({
      id: voucher.id,
      status: 'pending',
    });
    expect(await statusOf(member.id)).toBe('guest');
  });

  it('a card click that waited while a voucher was being issued is refused as well', async () => {
    const member = await fan('voucher-issuing');
    const cardHeld = heldAt('createCustomer');
    const card = startPayment(handle.db, cardHeld.provider, { member, email: null, card: good });
    await cardHeld.reached;
    // The voucher's click is at the provider, its row written as issuing, when the card's goes on.
    const voucherHeld = heldAt('issueKonbini');
    const voucher = issueKonbiniPayment(handle.db, voucherHeld.provider, {
      site,
      member,
      planId: yearly,
      email: null,
    });
    await voucherHeld.reached;
    cardHeld.release();
    await expect(card).rejects.toMatchObject({ code: 'CONFLICT' });
    voucherHeld.release();
    expect(await voucher).toMatchObject({ status: 'pending' });
    expect(await chargesOf(member.id)).toHaveLength(0);
  });

  it('reconciliation completes a voucher a crash left issuing', async () => {
    const member = await fan('crash');
    const [row] = await handle.db
      .insert(oneOffPayments)
      .values({
        siteId: site.id,
        memberId: member.id,
        purpose: 'membership',
        planId: yearly,
        provider: 'sandbox',
        amountYen: 5500,
        createdAt: new Date(Date.now() - 2 * 60_000),
      })
      .returning();
    // The provider issued it, then the process died before our row was told.
    await provider.issueKonbini({
      siteId: site.id,
      memberId: member.id,
      customerId: 'x',
      amountYen: 5500,
      description: '',
      attemptId: row!.id,
      days: 3,
    });
    await handle.db
      .update(oneOffPayments)
      .set({ status: 'issuing', providerPaymentId: null })
      .where(eq(oneOffPayments.id, row!.id));
    await reconcilePayments(handle.db, provider);
    const [after] = await handle.db.select().from(oneOffPayments).where(eq(oneOffPayments.id, row!.id));
    expect(after).toMatchObject({ status: 'pending', paymentNumber: expect.stringMatching(/^\d{11}$/) });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addYears, subYears } from 'date-fns';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import {
  members,
  notices,
  oneOffPayments,
  plans,
  sandboxEvents,
  sandboxInvoices,
  sandboxKonbiniPayments,
  sandboxSubscriptions,
  subscriptions,
} from '@/server/db/schema';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { recordEvent } from '@/server/payments/sandbox-ledger';
import type { SubscriptionStart } from '@/server/payments/types';
import { isAppError } from '@/lib/errors';
import { listInbox } from '@/features/notices/server';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, findMember, memberStatus } from '@/features/membership/server';
import { isPremiumSubscription, type Member } from '@/features/membership';
import { handleBillingEvent } from '@/features/billing/server/events';
import { startPayment, syncSubscription } from '@/features/billing/server/membership';
import { reconcilePayments } from '@/features/billing/server/reconcile';
import {
  currentVoucher,
  endCardsBesideKonbini,
  issueKonbiniPayment,
  markKonbiniPaid,
  openKonbini,
} from '@/features/billing/server/konbini';
import { konbiniRenewal } from '@/features/billing/server/konbini-renewal';
import { ensureCustomer } from '@/features/billing/server/customer';

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
/**
 * A card click held at `cardAt` and, meanwhile, a voucher click held at the provider with its row written `issuing`:
 * each goes on when the test releases it.
 */
async function cardBesideVoucherBeingIssued(member: Member, cardAt: keyof SandboxProvider) {
  const cardHeld = heldAt(cardAt);
  const card = startPayment(handle.db, cardHeld.provider, { member, email: null, card: good });
  await cardHeld.reached;
  const voucherHeld = heldAt('issueKonbini');
  const voucher = issueKonbiniPayment(handle.db, voucherHeld.provider, {
    site,
    member,
    planId: yearly,
    email: null,
  });
  await voucherHeld.reached;
  return { card, voucher, releaseCard: cardHeld.release, releaseVoucher: voucherHeld.release };
}
const vouchersAtProvider = (memberId: string) =>
  handle.db.select().from(sandboxKonbiniPayments).where(eq(sandboxKonbiniPayments.memberId, memberId));
const chargesOf = (memberId: string) =>
  handle.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.memberId, memberId));
const rowOf = async (id: string) =>
  (await handle.db.select().from(oneOffPayments).where(eq(oneOffPayments.id, id)))[0]!;
const noticesOf = (memberId: string, kind: string) =>
  handle.db
    .select()
    .from(notices)
    .where(and(eq(notices.memberId, memberId), eq(notices.kind, kind)));
/** What the voucher and the card look like: at the provider, in our books, in the fan's notices. */
async function snapshot(member: Member, voucherId: string) {
  const periods = await handle.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id));
  return {
    atProvider: (await vouchersAtProvider(member.id)).map((voucher) => voucher.status),
    row: (await rowOf(voucherId)).status,
    notices: (await noticesOf(member.id, 'konbini-voucher-canceled')).length,
    periods: periods.map((period) => `${period.method}:${period.status}`),
    status: await statusOf(member.id),
  };
}
/** The voucher the card made redundant is cancelled everywhere, the fan told once; more runs change nothing. */
async function expectCanceledBesideCard(member: Member, voucherId: string) {
  const after = await snapshot(member, voucherId);
  expect(after).toEqual({
    atProvider: ['canceled'],
    row: 'canceled',
    notices: 1,
    periods: ['card:active'],
    status: 'premium',
  });
  expect(await currentVoucher(handle.db, provider, member)).toBeNull();
  const inbox = await listInbox(handle.db, { id: site.id, name: '' }, member.id);
  expect(inbox.map((notice) => notice.content.paragraphs[0])).toContain(
    'カードでのお支払いが完了したため、コンビニ払いのお支払い番号を取り消しました。',
  );
  await reconcilePayments(handle.db, provider);
  await reconcilePayments(handle.db, provider);
  // The provider's word of the cancellation (expired, to it) arriving late, as Stripe's webhook may, keeps it canceled.
  const { providerPaymentId } = await rowOf(voucherId);
  await handleBillingEvent(handle.db, provider, {
    id: `evt_late_${voucherId}`,
    type: 'payment_intent.canceled',
    created: await provider.now(site.id),
    subscriptionId: null,
    paymentId: providerPaymentId,
  });
  expect(await snapshot(member, voucherId)).toEqual(after);
}
/**
 * startPayment answered "confirm" (the sandbox's cards never ask for 3-D Secure on a subscription, so it is told so):
 * the subscription is paid at the provider, and its events reach us only once the fan has authenticated.
 */
async function cardAwaitingAuthentication(member: Member) {
  let webhooksDown = true;
  const later: SandboxProvider = createSandboxProvider(handle.db, async (event) => {
    if (webhooksDown) throw new Error('webhook endpoint down');
    await handleBillingEvent(handle.db, later, event);
  });
  const confirming = new Proxy(later, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key !== 'startSubscription') return value;
      return async (
        input: Parameters<SandboxProvider['startSubscription']>[0],
      ): Promise<SubscriptionStart> => {
        const started = await target.startSubscription(input);
        return { kind: 'confirm', clientSecret: 'secret', subscriptionId: started.subscriptionId };
      };
    },
  });
  const started = await startPayment(handle.db, confirming, { member, email: null, card: good });
  expect(started).toMatchObject({ kind: 'confirm' });
  expect(await statusOf(member.id)).toBe('guest');
  return {
    subscriptionId: started.subscriptionId,
    async authenticated() {
      webhooksDown = false;
      await later.deliverPending();
    },
  };
}
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
    // The voucher's click is at the provider, its row written as issuing, when the card's goes on.
    const { card, voucher, releaseCard, releaseVoucher } = await cardBesideVoucherBeingIssued(
      member,
      'createCustomer',
    );
    releaseCard();
    await expect(card).rejects.toMatchObject({ code: 'CONFLICT' });
    releaseVoucher();
    expect(await voucher).toMatchObject({ status: 'pending' });
    expect(await chargesOf(member.id)).toHaveLength(0);
  });

  it('a card click already at the provider when a voucher was issued: the card pays, the voucher is cancelled', async () => {
    const member = await fan('card-at-provider');
    const held = heldAt('startSubscription');
    const card = startPayment(handle.db, held.provider, { member, email: null, card: good });
    await held.reached;
    // Past its checks: the voucher's side sees a guest with no voucher, and issues one.
    const voucher = await issue(member);
    held.release();
    expect(await card).toMatchObject({ kind: 'complete' });
    // At once, by the end of the card's payment: no reconciliation has run.
    await expectCanceledBesideCard(member, voucher.id);
  });

  it('a voucher still being issued when the card paid is cancelled by the reconciliation', async () => {
    const member = await fan('voucher-at-provider');
    const { card, voucher, releaseCard, releaseVoucher } = await cardBesideVoucherBeingIssued(
      member,
      'startSubscription',
    );
    releaseCard();
    expect(await card).toMatchObject({ kind: 'complete' });
    releaseVoucher();
    const issued = await voucher;
    expect(issued.status).toBe('pending');
    await reconcilePayments(handle.db, provider);
    await expectCanceledBesideCard(member, issued.id);
  });

  it('a card waiting for 3-D Secure while a voucher was issued: the reconciliation cancels the voucher', async () => {
    const member = await fan('card-3ds');
    const card = await cardAwaitingAuthentication(member);
    // Another tab: konbini chosen while the card company's page is open.
    const voucher = await issue(member);
    await card.authenticated();
    expect(await statusOf(member.id)).toBe('premium');
    expect((await rowOf(voucher.id)).status).toBe('pending');
    await reconcilePayments(handle.db, provider);
    await expectCanceledBesideCard(member, voucher.id);
  });

  it('back from 3-D Secure while a voucher was issued: the return cancels the voucher at once', async () => {
    const member = await fan('card-3ds-return');
    const card = await cardAwaitingAuthentication(member);
    const voucher = await issue(member);
    // The fan is back on the payment step before the provider's webhook: the step asks the provider itself.
    const returned = (await findMember(handle.db, site.id, member.uid))!;
    expect(await syncSubscription(handle.db, provider, returned, card.subscriptionId)).toBe('active');
    await expectCanceledBesideCard(member, voucher.id);
  });

  it('a voucher paid just before its cancellation is recorded paid, as any paid voucher', async () => {
    const member = await fan('paid-before-cancel');
    const card = await cardAwaitingAuthentication(member);
    const voucher = await issue(member);
    await card.authenticated();
    // Paid at the till a moment before the reconciliation asks; the word of it has not reached us yet.
    await handle.db
      .update(sandboxKonbiniPayments)
      .set({ status: 'succeeded', paidAt: await provider.now(site.id) })
      .where(eq(sandboxKonbiniPayments.id, voucher.providerPaymentId!));
    await reconcilePayments(handle.db, provider);
    expect(await snapshot(member, voucher.id)).toEqual({
      atProvider: ['succeeded'],
      row: 'paid',
      notices: 0,
      periods: expect.arrayContaining(['card:active', 'konbini:active']),
      status: 'premium',
    });
  });

  it('leaves the voucher of a member whose card does not pay now: its renewal failed, or it ended', async () => {
    const member = await fan('card-not-paying');
    const now = await provider.now(site.id);
    const card = {
      siteId: site.id,
      memberId: member.id,
      planId: yearly,
      provider: 'sandbox',
      method: 'card',
    } as const;
    await handle.db.insert(subscriptions).values([
      { ...card, providerSubscriptionId: 'sub_renewal_failed', status: 'past_due', currentPeriodEnd: now },
      // Left; the period ended on the site's clock before the provider's final word arrived.
      {
        ...card,
        providerSubscriptionId: 'sub_left',
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: new Date(now.getTime() - 60_000),
      },
    ]);
    expect(await statusOf(member.id)).toBe('guest');
    const voucher = await issue(member);
    await reconcilePayments(handle.db, provider);
    expect((await rowOf(voucher.id)).status).toBe('pending');
    expect((await vouchersAtProvider(member.id)).map((row) => row.status)).toEqual(['requires_action']);
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

/**
 * A yearly card whose renewal failed, as Stripe has one (the sandbox's own renewals never fail): a year paid until
 * now, the next year's invoice failed, the subscription past_due; its event delivered, so our row is past_due too.
 */
async function cardRenewalFailed(member: Member): Promise<string> {
  const customerId = await ensureCustomer(handle.db, provider, member, null);
  const at = await provider.now(site.id);
  const id = `sub_sb_failed${member.id.replaceAll('-', '')}`;
  const invoice = { customerId, subscriptionId: id, amountYen: 5500 };
  await handle.db.transaction(async (tx) => {
    await tx.insert(sandboxSubscriptions).values({
      id,
      customerId,
      siteId: site.id,
      memberId: member.id,
      planId: yearly,
      interval: 'year',
      status: 'past_due',
      currentPeriodEnd: addYears(at, 1),
    });
    await tx.insert(sandboxInvoices).values([
      {
        ...invoice,
        id: `in_sb_paid${member.id.replaceAll('-', '')}`,
        status: 'paid',
        periodStart: subYears(at, 1),
        periodEnd: at,
        createdAt: subYears(at, 1),
      },
      {
        ...invoice,
        id: `in_sb_failed${member.id.replaceAll('-', '')}`,
        status: 'failed',
        periodStart: at,
        periodEnd: addYears(at, 1),
        createdAt: at,
      },
    ]);
    await recordEvent(tx, 'invoice.payment_failed', id, at);
  });
  await provider.deliverPending();
  return id;
}
/** The card beside the konbini period: at the provider, its invoices and end events, our rows, the fan's word. */
async function cardSnapshot(member: Member, subscriptionId: string) {
  const [atProvider] = await handle.db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, subscriptionId));
  const invoices = await handle.db
    .select()
    .from(sandboxInvoices)
    .where(eq(sandboxInvoices.subscriptionId, subscriptionId));
  const ends = await handle.db
    .select()
    .from(sandboxEvents)
    .where(
      and(
        eq(sandboxEvents.subscriptionId, subscriptionId),
        eq(sandboxEvents.type, 'customer.subscription.deleted'),
      ),
    );
  const periods = await handle.db.select().from(subscriptions).where(eq(subscriptions.memberId, member.id));
  return {
    atProvider: atProvider!.status,
    invoices: invoices.map((invoice) => invoice.status).sort(),
    ends: ends.length,
    periods: periods.map((period) => `${period.method}:${period.status}`).sort(),
    notices: (await noticesOf(member.id, 'card-ended-beside-konbini')).length,
    status: await statusOf(member.id),
  };
}
/**
 * The card is ended at the provider and here, its failed invoice never charged, the fan told once; the canceled card
 * gives no access and does not hold the next voucher back; the sandbox's retries, the reconciliation and the sweep
 * again change nothing.
 */
async function expectCardEnded(member: Member, subscriptionId: string) {
  const after = await cardSnapshot(member, subscriptionId);
  expect(after).toEqual({
    atProvider: 'canceled',
    invoices: ['failed', 'paid'],
    ends: 1,
    periods: ['card:canceled', 'konbini:active'],
    notices: 1,
    status: 'premium',
  });
  const [ours] = await handle.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
  expect(isPremiumSubscription(ours!, await provider.now(site.id))).toBe(false);
  expect((await konbiniRenewal(handle.db, provider, member)).endsAt).not.toBeNull();
  const inbox = await listInbox(handle.db, { id: site.id, name: '' }, member.id);
  expect(inbox.map((notice) => notice.content.paragraphs[0])).toContain(
    'コンビニで会費をお支払いいただいたため、更新できなかったカードでのお支払いを停止しました。',
  );
  // Any move of the sandbox's clock retries a past_due card's failed invoice (settle): this one is not tried again.
  await provider.advanceClock(site.id, DAY);
  await reconcilePayments(handle.db, provider);
  await reconcilePayments(handle.db, provider);
  expect(await endCardsBesideKonbini(handle.db, provider, { memberId: member.id })).toBe(0);
  expect(await cardSnapshot(member, subscriptionId)).toEqual(after);
}

// These move the site's test clock on, so they come last.
describe('a card whose renewal failed, beside a paid konbini period', () => {
  it('is ended as the voucher is paid: its failed invoice is never charged', async () => {
    const member = await fan('card-failed-pays-konbini');
    const card = await cardRenewalFailed(member);
    expect(await statusOf(member.id)).toBe('guest');
    const voucher = await issue(member);
    expect(await markKonbiniPaid(handle.db, provider, member, voucher.id)).toMatchObject({ status: 'paid' });
    // At once, by the end of the payment: no reconciliation has run.
    await expectCardEnded(member, card);
  });

  it('is ended by the reconciliation when the payment could not end it', async () => {
    const member = await fan('card-failed-reconciled');
    const card = await cardRenewalFailed(member);
    const voucher = await issue(member);
    const down = new Proxy(provider, {
      get(target, key, receiver) {
        if (key === 'endSubscription') return () => Promise.reject(new Error('provider down'));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(await markKonbiniPaid(handle.db, down, member, voucher.id)).toMatchObject({ status: 'paid' });
    expect(await cardSnapshot(member, card)).toMatchObject({
      atProvider: 'past_due',
      periods: ['card:past_due', 'konbini:active'],
      notices: 0,
    });
    await reconcilePayments(handle.db, provider);
    await expectCardEnded(member, card);
  });

  it('leaves a card that pays, and a failed card with no konbini period running, which the retry then charges', async () => {
    const paying = await fan('card-pays-beside-konbini');
    expect(
      await startPayment(handle.db, provider, { member: paying, email: null, card: good }),
    ).toMatchObject({
      kind: 'complete',
    });
    const now = await provider.now(site.id);
    const konbiniPeriod = (memberId: string, end: Date) => ({
      siteId: site.id,
      memberId,
      planId: yearly,
      provider: 'sandbox' as const,
      providerSubscriptionId: `konbini_${memberId}`,
      method: 'konbini' as const,
      status: 'active' as const,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: true,
    });
    const unpaid = await fan('card-failed-no-konbini');
    const unpaidCard = await cardRenewalFailed(unpaid);
    const lapsed = await fan('card-failed-konbini-ended');
    const lapsedCard = await cardRenewalFailed(lapsed);
    await handle.db
      .insert(subscriptions)
      .values([
        konbiniPeriod(paying.id, addYears(now, 1)),
        konbiniPeriod(lapsed.id, new Date(now.getTime() - DAY)),
      ]);
    for (const member of [paying, unpaid, lapsed]) {
      expect(await endCardsBesideKonbini(handle.db, provider, { memberId: member.id })).toBe(0);
    }
    await reconcilePayments(handle.db, provider);
    expect((await chargesOf(paying.id)).map((card) => card.status)).toEqual(['active']);
    for (const [member, card] of [
      [unpaid, unpaidCard],
      [lapsed, lapsedCard],
    ] as const) {
      expect(await cardSnapshot(member, card)).toMatchObject({
        atProvider: 'past_due',
        invoices: ['failed', 'paid'],
        ends: 0,
        notices: 0,
        status: 'guest',
      });
    }
    // What ending the card prevents: the sandbox's retry charges a failed invoice left to it.
    await provider.advanceClock(site.id, DAY);
    expect(await cardSnapshot(unpaid, unpaidCard)).toMatchObject({
      atProvider: 'active',
      invoices: ['paid', 'paid'],
      periods: ['card:active'],
      status: 'premium',
    });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '@/test/db';
import { plans, sandboxInvoices, sites } from '@/server/db/schema';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { CardError, type BillablePlan } from '@/server/payments/types';

/** The sandbox's invoices: one per charge, at the start and at each renewal on the test clock. */

let handle: Awaited<ReturnType<typeof createTestDb>>;
let site: { id: string };
let provider: SandboxProvider;
let monthly: BillablePlan;
const DAY = 24 * 60 * 60 * 1000;
const good = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
const declined = { ...good, number: '4000000000000002' };

beforeAll(async () => {
  handle = await createTestDb();
  // The sandbox needs a site row only for its foreign keys; what the site is does not matter here.
  const [row] = await handle.db
    .insert(sites)
    .values({ slug: 'invoices', config: {} as (typeof sites.$inferInsert)['config'] })
    .returning({ id: sites.id });
  site = row!;
  const [plan] = await handle.db
    .insert(plans)
    .values({ siteId: site.id, code: 'monthly', name: '月額会員', interval: 'month', priceYen: 550 })
    .returning();
  monthly = { id: plan!.id, code: 'monthly', name: '月額会員', interval: 'month', priceYen: 550 };
  provider = createSandboxProvider(handle.db, async () => {});
});
afterAll(async () => handle?.drop());

async function customer() {
  const memberId = randomUUID();
  const customerId = await provider.createCustomer({ siteId: site.id, memberId, email: null });
  return { memberId, customerId };
}

describe('sandbox invoices', () => {
  it('a start writes one paid invoice for the first period; a repeated start writes no second one', async () => {
    const { memberId, customerId } = await customer();
    const input = {
      siteId: site.id,
      memberId,
      customerId,
      plan: monthly,
      card: good,
      attemptId: 'k-start',
    };
    const started = await provider.startSubscription(input);
    await provider.startSubscription(input);
    const payments = await provider.listPayments(customerId);
    expect(payments).toHaveLength(1);
    const state = await provider.retrieveSubscription(started.subscriptionId);
    expect(payments[0]).toMatchObject({ amountYen: 550, status: 'paid', periodEnd: state!.currentPeriodEnd });
    expect(payments[0]!.periodStart.getTime()).toBe(payments[0]!.createdAt.getTime());
  });

  it('a declined card writes nothing', async () => {
    const { memberId, customerId } = await customer();
    const start = provider.startSubscription({
      siteId: site.id,
      memberId,
      customerId,
      plan: monthly,
      card: declined,
      attemptId: 'k-declined',
    });
    await expect(start).rejects.toBeInstanceOf(CardError);
    expect(await provider.listPayments(customerId)).toEqual([]);
  });

  it('each renewal the clock passes writes an invoice; listPayments is newest first, this customer only', async () => {
    const { memberId, customerId } = await customer();
    const { subscriptionId } = await provider.startSubscription({
      siteId: site.id,
      memberId,
      customerId,
      plan: monthly,
      card: good,
      attemptId: 'k-renew',
    });
    const first = (await provider.retrieveSubscription(subscriptionId))!.currentPeriodEnd!;
    // 65 days: two renewals fall due at once.
    await provider.advanceClock(site.id, 65 * DAY);
    const payments = await provider.listPayments(customerId);
    expect(payments).toHaveLength(3);
    expect(payments.map((p) => p.createdAt.getTime())).toEqual(
      [...payments.map((p) => p.createdAt.getTime())].sort((a, b) => b - a),
    );
    // Periods follow one another without a gap, and the newest ends where the subscription's period does.
    const oldestFirst = [...payments].reverse();
    expect(oldestFirst[1]!.periodStart).toEqual(first);
    expect(oldestFirst[2]!.periodStart).toEqual(oldestFirst[1]!.periodEnd);
    const state = await provider.retrieveSubscription(subscriptionId);
    expect(payments[0]!.periodEnd).toEqual(state!.currentPeriodEnd);
    expect(payments.every((p) => p.amountYen === 550 && p.status === 'paid')).toBe(true);
    const all = await handle.db.select().from(sandboxInvoices);
    // The first test's subscription renewed on the same clock: its invoices are in the table, not in this list.
    expect(all.length).toBeGreaterThan(payments.length);
    expect(payments.every((p) => all.find((row) => row.id === p.id)?.customerId === customerId)).toBe(true);
    expect(await provider.listPayments('cus_sb_nobody')).toEqual([]);
  });

  it('a member who left is not charged again when the period ends', async () => {
    const { memberId, customerId } = await customer();
    const { subscriptionId } = await provider.startSubscription({
      siteId: site.id,
      memberId,
      customerId,
      plan: monthly,
      card: good,
      attemptId: 'k-leave',
    });
    await provider.setCancelAtPeriodEnd(subscriptionId, true);
    await provider.advanceClock(site.id, 40 * DAY);
    expect((await provider.retrieveSubscription(subscriptionId))!.status).toBe('canceled');
    expect(await provider.listPayments(customerId)).toHaveLength(1);
    expect(
      await handle.db
        .select()
        .from(sandboxInvoices)
        .where(eq(sandboxInvoices.subscriptionId, subscriptionId)),
    ).toHaveLength(1);
  });
});

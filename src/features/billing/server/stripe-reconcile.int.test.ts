import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { startStripeStandIn, type StripeStandIn } from '@/test/stripe-stand-in';
import { members, paymentAttempts, plans, subscriptions } from '@/server/db/schema';
import { createStripeProvider, type StripeProvider } from '@/server/payments/stripe';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, findMember } from '@/features/membership/server';
import { startPayment } from '@/features/billing/server/membership';
import { reconcilePayments } from '@/features/billing/server/reconcile';

/**
 * With Stripe, the card is confirmed in the browser and the membership arrives by webhook. When that webhook never
 * comes (our endpoint was down past Stripe's retries, the event was lost), the reconciliation still finds the paid
 * subscription at Stripe and completes it; and a retried payment step reuses its attempt's idempotency key.
 */

let handle: Awaited<ReturnType<typeof createTestDb>>;
let standIn: StripeStandIn;
let provider: StripeProvider;
let site: Site;
let monthly: string;

beforeAll(async () => {
  [handle, standIn] = await Promise.all([createTestDb(), startStripeStandIn()]);
  provider = createStripeProvider(standIn.providerOptions);
  site = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  const [plan] = await handle.db
    .insert(plans)
    .values({ siteId: site.id, code: 'monthly', name: '月額プラン', interval: 'month', priceYen: 550 })
    .returning();
  monthly = plan!.id;
});
afterAll(async () => Promise.all([standIn?.close(), handle?.drop()]));

async function payer() {
  const uid = randomUUID();
  const member = await ensureMember(handle.db, site.id, uid);
  await handle.db.update(members).set({ chosenPlanId: monthly }).where(eq(members.id, member.id));
  return (await findMember(handle.db, site.id, uid))!;
}

describe('Stripe payments without their webhook', () => {
  it('a retried payment step asks Stripe with the same key and gets the same subscription', async () => {
    const member = await payer();
    const first = await startPayment(handle.db, provider, { member, email: null });
    const again = await startPayment(handle.db, provider, {
      member: (await findMember(handle.db, site.id, member.uid))!,
      email: null,
    });
    expect(again.subscriptionId).toBe(first.subscriptionId);
    const keys = standIn.requests
      .filter((r) => r.method === 'POST' && r.route === '/v1/subscriptions')
      .map((r) => r.idempotencyKey);
    const [attempt] = await handle.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.memberId, member.id));
    expect(keys.filter((key) => key === attempt!.id)).toHaveLength(2);
    expect(attempt).toMatchObject({ status: 'open', providerSubscriptionId: first.subscriptionId });
  });

  it('the reconciliation completes a subscription paid in the browser whose webhook never came', async () => {
    const member = await payer();
    const started = await startPayment(handle.db, provider, { member, email: null });
    standIn.pay(started.subscriptionId);
    const report = await reconcilePayments(handle.db, provider);
    expect(report.completed).toBeGreaterThanOrEqual(1);
    const [row] = await handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, started.subscriptionId));
    expect(row).toMatchObject({ status: 'active', memberId: member.id });
    expect((await findMember(handle.db, site.id, member.uid))!.memberNumber).toBeGreaterThan(0);
    const [attempt] = await handle.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.memberId, member.id));
    expect(attempt?.status).toBe('succeeded');
  });

  it('an unpaid subscription is left to the browser: nobody joins', async () => {
    const member = await payer();
    await startPayment(handle.db, provider, { member, email: null });
    await reconcilePayments(handle.db, provider);
    expect((await findMember(handle.db, site.id, member.uid))!.memberNumber).toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '@/test/stripe-stand-in';
import { createStripeProvider, type StripeProvider } from '@/server/payments/stripe';
import type { BillablePlan } from '@/server/payments/types';

/** The payment history from Stripe's invoices, through the real `stripe` SDK against the local stand-in. */

let standIn: StripeStandIn;
let provider: StripeProvider;
const siteId = randomUUID();
const monthly: BillablePlan = {
  id: randomUUID(),
  code: 'monthly',
  name: '月額',
  interval: 'month',
  priceYen: 550,
};

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = createStripeProvider(standIn.providerOptions);
});
afterAll(async () => standIn?.close());

async function start() {
  const memberId = randomUUID();
  const customerId = await provider.createCustomer({ siteId, memberId, email: null });
  const started = await provider.startSubscription({
    siteId,
    memberId,
    customerId,
    plan: monthly,
    attemptId: randomUUID(),
  });
  return { customerId, subscriptionId: started.subscriptionId };
}

describe('listPayments (Stripe)', () => {
  it('lists paid and failed charges newest first, without the first invoice still awaiting confirmation', async () => {
    const { customerId, subscriptionId } = await start();
    expect(await provider.listPayments(customerId)).toEqual([]);
    const request = standIn.requests.findLast((r) => r.method === 'GET' && r.route === '/v1/invoices');
    expect(request?.params).toMatchObject({ customer: customerId, limit: '24' });

    standIn.pay(subscriptionId);
    const renewal = standIn.renew(subscriptionId, 'paid');
    const failed = standIn.renew(subscriptionId, 'failed');
    const payments = await provider.listPayments(customerId);
    expect(payments.map((p) => [p.status, p.amountYen])).toEqual([
      ['failed', 550],
      ['paid', 550],
      ['paid', 550],
    ]);
    expect(payments.map((p) => p.id).slice(0, 2)).toEqual([failed, renewal]);
    expect(payments[1]!.periodStart.getTime()).toBe(payments[2]!.periodEnd.getTime());
    expect(payments[0]!.createdAt.getTime()).toBeGreaterThan(payments[1]!.createdAt.getTime());
  });

  it('lists only this customer’s invoices', async () => {
    const first = await start();
    const second = await start();
    standIn.pay(first.subscriptionId);
    standIn.pay(second.subscriptionId);
    const payments = await provider.listPayments(second.customerId);
    expect(payments).toHaveLength(1);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  contentItems,
  members,
  oneOffPayments,
  presaleApplications,
  presales,
  sandboxCustomers,
  sandboxInvoices,
} from '@/server/db/schema';

/**
 * Payments of every kind written straight to the books they live in (the sandbox's invoices for card subscriptions,
 * our one-off payments for konbini vouchers and presale wins), at fixed instants, so that the sales tests know each
 * one's Japan-time month whatever day they run.
 */

/** A member's sandbox customer, with the card subscription's charges (the member's history reads them by customer). */
export async function addCardCharges(
  db: Db,
  siteId: string,
  memberId: string,
  charges: { at: string; amountYen: number; status: 'paid' | 'failed' | 'refunded'; days?: number }[],
) {
  const customerId = `cus_sb_${randomUUID()}`;
  await db.insert(sandboxCustomers).values({ id: customerId, siteId, memberId });
  await db.update(members).set({ billingCustomerId: customerId }).where(eq(members.id, memberId));
  for (const charge of charges) {
    const at = new Date(charge.at);
    await db.insert(sandboxInvoices).values({
      id: `in_sb_${randomUUID()}`,
      customerId,
      subscriptionId: `sub_sb_${customerId}`,
      amountYen: charge.amountYen,
      status: charge.status,
      periodStart: at,
      periodEnd: new Date(at.getTime() + (charge.days ?? 30) * 86_400_000),
      createdAt: at,
    });
  }
}

export interface OneOffSpec {
  memberId: string;
  purpose: 'membership' | 'presale';
  method: 'card' | 'konbini';
  planId?: string;
  presaleApplicationId?: string;
  amountYen: number;
  status: 'pending' | 'paid' | 'expired' | 'refunded' | 'canceled';
  at: string;
  refundedAt?: string;
}

export async function addOneOff(db: Db, siteId: string, spec: OneOffSpec) {
  const at = new Date(spec.at);
  const paid = spec.status === 'paid' || spec.status === 'refunded';
  await db.insert(oneOffPayments).values({
    siteId,
    memberId: spec.memberId,
    purpose: spec.purpose,
    planId: spec.planId ?? null,
    presaleApplicationId: spec.presaleApplicationId ?? null,
    method: spec.method,
    provider: 'sandbox',
    amountYen: spec.amountYen,
    status: spec.status,
    // An open voucher is issued before it is paid: its creation a day earlier than the payment.
    createdAt: new Date(at.getTime() - (paid ? 86_400_000 : 0)),
    paidAt: paid ? at : null,
    refundedAt: spec.refundedAt ? new Date(spec.refundedAt) : null,
  });
}

/** A presale of a published item and one application of the member (a win to pay for). */
export async function addPresaleApplication(db: Db, siteId: string, memberId: string, title: string) {
  const [item] = await db
    .insert(contentItems)
    .values({ siteId, section: 'ticket', title, state: 'published' })
    .returning();
  const [presale] = await db
    .insert(presales)
    .values({
      siteId,
      itemId: item!.id,
      opensAt: new Date('2026-09-01T00:00:00Z'),
      closesAt: new Date('2026-09-10T00:00:00Z'),
      resultsAt: new Date('2026-09-15T00:00:00Z'),
      joinedBefore: new Date('2026-09-01T00:00:00Z'),
      seed: 'seed',
      commitment: 'commitment',
      beaconSource: 'local',
    })
    .returning();
  const [application] = await db
    .insert(presaleApplications)
    .values({
      presaleId: presale!.id,
      memberId,
      receiptNo: randomUUID().slice(0, 8),
      tickets: 2,
      status: 'won',
    })
    .returning();
  return application!.id;
}

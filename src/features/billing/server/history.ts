import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { contentItems, oneOffPayments, plans, presaleApplications, presales } from '@/server/db/schema';
import type { PaymentProvider, PaymentRecord } from '@/server/payments/types';
import type { Member } from '@/features/membership';
import { receiptNumberOf } from '@/features/billing/receipt';

export interface PaymentLine {
  /** The provider's invoice id (card) or our one-off payment's id (konbini): the receipt's address. */
  id: string;
  date: Date;
  planName: string;
  amountYen: number;
  method: 'card' | 'konbini';
  status: 'paid' | 'failed' | 'refunded' | 'pending' | 'expired';
  periodStart: Date | null;
  periodEnd: Date | null;
  /**
   * When a refunded payment was given back: our one-off payments keep it; a provider's invoice does not say (null),
   * and the receipt says the date is not on record.
   */
  refundedAt: Date | null;
  /** Set for a paid payment and for one paid then refunded (its receipt shows the refund). */
  receiptNumber: string | null;
}

/** Money was taken: a receipt is owed, and for a refunded payment it shows the refund too. */
const hasReceipt = (status: PaymentLine['status']) => status === 'paid' || status === 'refunded';

/** What naming a charge's plan needs of the site's plans. */
export type PlanOfCharge = Pick<typeof plans.$inferSelect, 'name' | 'priceYen' | 'interval'>;

/**
 * A card charge's plan: the provider's invoice names an amount and a period, so the site's plan (retired ones too)
 * of that price and of the period's length is the one; prices never change in place (README, Plans). The sales page
 * names card charges the same way, so its rows add up to the members' histories plan by plan.
 */
export function planOfCharge(
  record: Pick<PaymentRecord, 'amountYen' | 'periodStart' | 'periodEnd'>,
  sitePlans: readonly PlanOfCharge[],
): string {
  const days = (record.periodEnd.getTime() - record.periodStart.getTime()) / 86_400_000;
  const interval = days > 40 ? 'year' : 'month';
  const match =
    sitePlans.find((plan) => plan.priceYen === record.amountYen && plan.interval === interval) ??
    sitePlans.find((plan) => plan.priceYen === record.amountYen);
  return match?.name ?? '会費';
}

/** Every payment of the member, newest first: the card's charges from the provider and our konbini payments. */
export async function listPaymentHistory(
  db: Db,
  provider: PaymentProvider,
  member: Member,
): Promise<PaymentLine[]> {
  const [sitePlans, konbini, charges] = await Promise.all([
    db.select().from(plans).where(eq(plans.siteId, member.siteId)),
    db
      .select({ row: oneOffPayments, title: contentItems.title })
      .from(oneOffPayments)
      .leftJoin(presaleApplications, eq(presaleApplications.id, oneOffPayments.presaleApplicationId))
      .leftJoin(presales, eq(presales.id, presaleApplications.presaleId))
      .leftJoin(contentItems, eq(contentItems.id, presales.itemId))
      .where(eq(oneOffPayments.memberId, member.id))
      .orderBy(desc(oneOffPayments.createdAt))
      .limit(24),
    member.billingCustomerId ? provider.listPayments(member.billingCustomerId) : Promise.resolve([]),
  ]);
  const lines: PaymentLine[] = charges.map((record) => ({
    id: record.id,
    date: record.createdAt,
    planName: planOfCharge(record, sitePlans),
    amountYen: record.amountYen,
    method: 'card',
    status: record.status,
    periodStart: record.periodStart,
    periodEnd: record.periodEnd,
    refundedAt: null,
    receiptNumber: hasReceipt(record.status) ? receiptNumberOf(record.id, record.createdAt) : null,
  }));
  // Our one-off payments: konbini vouchers (membership or a presale win) and a presale win's card charges.
  for (const { row, title } of konbini) {
    if (row.status === 'issuing' || row.status === 'canceled') continue;
    const date = row.paidAt ?? row.createdAt;
    lines.push({
      id: row.id,
      date,
      planName:
        row.purpose === 'presale'
          ? `チケット代金（${title ?? 'ファンクラブ先行'}）`
          : (sitePlans.find((plan) => plan.id === row.planId)?.name ?? '会費'),
      amountYen: row.amountYen,
      method: row.method,
      status: row.status,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      refundedAt: row.status === 'refunded' ? row.refundedAt : null,
      receiptNumber: hasReceipt(row.status) ? receiptNumberOf(row.id, date) : null,
    });
  }
  return lines.sort((a, b) => b.date.getTime() - a.date.getTime());
}

/**
 * `period-<ms>` (a paid-period mail's link, notices' periodReceiptId): the card charge that paid the period ending
 * then. A provider's invoice may end its line's period a moment off the subscription's, so the nearest within a day.
 */
function byPeriod(lines: PaymentLine[], id: string): PaymentLine | undefined {
  const match = /^period-(\d{1,15})$/.exec(id);
  if (!match) return undefined;
  const end = Number(match[1]);
  const near = lines
    .filter((line) => line.method === 'card' && line.status === 'paid' && line.periodEnd)
    .map((line) => ({ line, off: Math.abs(line.periodEnd!.getTime() - end) }))
    .filter(({ off }) => off < 86_400_000)
    .sort((a, b) => a.off - b.off);
  return near[0]?.line;
}

/**
 * One paid (or paid and refunded) payment of this member, for its receipt. Found only among the member's own
 * payments (their customer's charges, their konbini payments), so another member's id is 404 like an unknown one; an
 * unpaid one is 404 too: it has no receipt.
 */
export async function findReceiptPayment(
  db: Db,
  provider: PaymentProvider,
  member: Member,
  id: string,
): Promise<PaymentLine & { receiptNumber: string }> {
  const lines = await listPaymentHistory(db, provider, member);
  const line = lines.find((payment) => payment.id === id) ?? byPeriod(lines, id);
  if (!line?.receiptNumber) throw new AppError('NOT_FOUND');
  return { ...line, receiptNumber: line.receiptNumber };
}

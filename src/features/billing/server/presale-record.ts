import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  contentItems,
  oneOffPayments,
  presaleApplications,
  presales,
  resaleMatches,
} from '@/server/db/schema';
import { notify } from '@/features/notices/server';

export type OneOffPayment = typeof oneOffPayments.$inferSelect;

/** A card refused at the results time leaves the fan this long to change it and pay again (docs/decisions/0032). */
export const CARD_GRACE_MS = 48 * 3600_000;

/**
 * Our one-off payment a provider's state names (its attempt, for this member and site), locked for the caller's
 * transaction; null, with a warning, when it names none of ours. `method` narrows it to one way of paying.
 */
export async function lockNamedAttempt(
  tx: Db,
  state: { attemptId: string; memberId: string; siteId: string; providerPaymentId: string },
  kind: 'card charge' | 'konbini payment',
  method?: OneOffPayment['method'],
): Promise<OneOffPayment | null> {
  const [row] = await tx
    .select()
    .from(oneOffPayments)
    .where(
      and(
        sql`${oneOffPayments.id}::text = ${state.attemptId}`,
        eq(oneOffPayments.memberId, state.memberId),
        eq(oneOffPayments.siteId, state.siteId),
        method ? eq(oneOffPayments.method, method) : undefined,
      ),
    )
    .for('update');
  if (!row) console.warn(`billing: ${kind} ${state.providerPaymentId} names no payment of ours`);
  return row ?? null;
}

/** A presale win to pay: who, which application, how much (tickets × price, tax included). */
export interface WinToPay {
  siteId: string;
  memberId: string;
  applicationId: string;
  customerId: string | null;
  amountYen: number;
  description: string;
  /**
   * Set for a resale match (docs/decisions/0049): the payment is purpose `resale`, keyed by the match instead of
   * the application (`applicationId` is then the match's id too), through the same attempt and idempotency key.
   */
  resaleMatchId?: string;
}

/** The column and value that name what a payment pays for: the win's application, or the resale match. */
export function payTarget(win: Pick<WinToPay, 'applicationId' | 'resaleMatchId'>) {
  return win.resaleMatchId
    ? { purpose: 'resale' as const, applicationId: null, matchId: win.resaleMatchId }
    : { purpose: 'presale' as const, applicationId: win.applicationId, matchId: null };
}

export async function titleOf(tx: Db, applicationId: string) {
  const [row] = await tx
    .select({ title: contentItems.title, receiptNo: presaleApplications.receiptNo })
    .from(presaleApplications)
    .innerJoin(presales, eq(presales.id, presaleApplications.presaleId))
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .where(eq(presaleApplications.id, applicationId));
  return row ?? { title: 'ファンクラブ先行', receiptNo: '' };
}

/**
 * The one place a presale win's payment is recorded paid (card or konbini), in the caller's transaction: the
 * payment `paid`, the application `paid` (the win is fully paid: e-tickets follow from it) and the fan's mail with
 * the receipt. Money that arrives for an application no longer won (lapsed, refunded) is recorded paid and left to
 * the presale job, which refunds it.
 */
export async function recordPresalePaid(
  tx: Db,
  row: OneOffPayment,
  paid: { providerPaymentId: string; paidAt: Date; voucher?: Partial<OneOffPayment> },
): Promise<OneOffPayment> {
  const [locked] = await tx.select().from(oneOffPayments).where(eq(oneOffPayments.id, row.id)).for('update');
  if (locked?.status === 'paid' || locked?.status === 'refunded') return locked;
  const [written] = await tx
    .update(oneOffPayments)
    .set({ ...paid.voucher, status: 'paid', paidAt: paid.paidAt, providerPaymentId: paid.providerPaymentId })
    .where(eq(oneOffPayments.id, row.id))
    .returning();
  if (row.purpose === 'resale') {
    // The match is paid; the resale job moves the seats to the buyer and refunds the seller after (0049). Money for a
    // match that lapsed meanwhile stays `paid` here and the resale job refunds it.
    await tx
      .update(resaleMatches)
      .set({ status: 'paid', paidAt: paid.paidAt, updatedAt: paid.paidAt })
      .where(and(eq(resaleMatches.id, row.resaleMatchId!), eq(resaleMatches.status, 'due')));
    return written!;
  }
  const [won] = await tx
    .update(presaleApplications)
    .set({ status: 'paid', paidAt: paid.paidAt, paymentDueAt: null, updatedAt: paid.paidAt })
    .where(and(eq(presaleApplications.id, row.presaleApplicationId!), eq(presaleApplications.status, 'won')))
    .returning({ id: presaleApplications.id });
  if (won) {
    const { title, receiptNo } = await titleOf(tx, won.id);
    await notify(tx, {
      siteId: row.siteId,
      memberId: row.memberId,
      kind: 'presale-paid',
      key: `presale-paid:${won.id}`,
      data: { title, receiptNo, amountYen: row.amountYen, method: row.method, paymentId: row.id },
    });
  }
  return written!;
}

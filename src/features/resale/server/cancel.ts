import 'server-only';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { oneOffPayments, presales, resaleListings, resaleMatches, resaleWaits } from '@/server/db/schema';
import type { PaymentProvider } from '@/server/payments/types';
import { resalePaymentsOf, settleForRefund } from '@/features/billing/server';
import { notify } from '@/features/notices/server';
import { resaleRefundedOf } from '@/features/presale/server';
import { endUnpaidMatch, seatOf } from './shared';

/**
 * The resale's part of a cancelled presale (中止, decision 0049), run by the resale job after the presale marked it:
 * open listings are withdrawn and waits cancelled (no round runs for a cancelled presale), an unpaid match is given
 * up (its voucher or 3-D Secure charge cancelled at the provider; one paid at the last moment goes through and is
 * refunded below), and each paid resale purchase is refunded whole, once (billing's refund, keyed by the payment),
 * once no listing of the buyer's own is still in flight. A sold listing's partial refund to the seller is left to
 * `refundSold`; the presale's cancellation refunds the rest of the seller's payment only after it. Every step is a
 * conditional update or a keyed refund: two instances, a retry or a crash repeat nothing.
 */
export async function endCancelledResale(
  db: Db,
  provider: PaymentProvider,
  now = new Date(),
): Promise<number> {
  const cancelled = db.select({ id: presales.id }).from(presales).where(isNotNull(presales.cancelledAt));
  await db
    .update(resaleListings)
    .set({ status: 'withdrawn', updatedAt: now })
    .where(and(eq(resaleListings.status, 'listed'), inArray(resaleListings.presaleId, cancelled)));
  await db
    .update(resaleWaits)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(resaleWaits.status, 'waiting'), inArray(resaleWaits.presaleId, cancelled)));

  let ended = 0;
  const due = await db
    .select()
    .from(resaleMatches)
    .where(and(eq(resaleMatches.status, 'due'), inArray(resaleMatches.presaleId, cancelled)))
    .limit(200);
  for (const match of due) {
    const [latest] = await resalePaymentsOf(db, match.id);
    if (latest?.status === 'issuing') continue; // the job's voucher step completes it first
    if (latest?.status === 'pending') await settleForRefund(db, provider, latest);
    const done = await db.transaction(
      async (tx) =>
        (await endUnpaidMatch(tx, match.id, now, { listing: 'withdrawn', wait: 'cancelled' })) !== null,
    );
    if (done) ended++;
  }

  // The buyers' payments: a transferred (or paid) match's money comes back whole, after any listing of it ended. A
  // refunded one whose notice a crash lost is found again (the notice's key makes it one).
  const bought = await db
    .select({ payment: oneOffPayments, match: resaleMatches })
    .from(oneOffPayments)
    .innerJoin(resaleMatches, eq(resaleMatches.id, oneOffPayments.resaleMatchId))
    .where(
      and(
        eq(oneOffPayments.purpose, 'resale'),
        inArray(resaleMatches.status, ['paid', 'transferred']),
        inArray(resaleMatches.presaleId, cancelled),
        sql`(${oneOffPayments.status} = 'paid' or (${oneOffPayments.status} = 'refunded' and not exists (
          select 1 from notices n where n.site_id = ${resaleMatches.siteId}
            and n.delivery_key = 'presale-cancelled:resale:' || ${resaleMatches.id}::text)))`,
        sql`not exists (select 1 from resale_listings l where l.source_payment_id = ${oneOffPayments.id}
          and l.status in ('listed', 'matched', 'sold'))`,
      ),
    )
    .limit(200);
  for (const { payment, match } of bought) {
    // What the buyer's own resale of these seats already gave back is not given (nor announced) twice.
    const givenYen = await resaleRefundedOf(db, [payment.id]);
    if (payment.status === 'paid' && givenYen >= payment.amountYen) {
      await db
        .update(oneOffPayments)
        .set({ status: 'refunded', refundedAt: now })
        .where(and(eq(oneOffPayments.id, payment.id), eq(oneOffPayments.status, 'paid')));
    } else {
      await settleForRefund(db, provider, payment);
    }
    const [row] = await db.select().from(oneOffPayments).where(eq(oneOffPayments.id, payment.id));
    if (row?.status !== 'refunded') continue;
    const { title } = await seatOf(db, match.offeringId);
    await notify(db, {
      siteId: match.siteId,
      memberId: match.memberId,
      kind: 'presale-cancelled',
      key: `presale-cancelled:resale:${match.id}`,
      data: {
        title,
        receiptNo: null,
        refundYen: payment.amountYen - givenYen,
        resaleRefundedYen: givenYen,
        method: payment.method,
      },
    });
    ended++;
  }
  return ended;
}

import 'server-only';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { oneOffPayments, presaleApplications, presales, resaleListings } from '@/server/db/schema';
import type { PaymentProvider } from '@/server/payments/types';
import { assertCan, recordAudit, type StaffActor } from '@/features/staff/server';
import { chargeWinByCard, paymentsOf, settleForRefund } from '@/features/billing/server';
import { notify } from '@/features/notices/server';
import { presaleColumns, type Presale } from './setup';
import { participantsOf, winsOf } from './results';
import { titleOfPresale, winToPay } from './settle';

/** Applications a cancellation ends (`refunded`): those still alive. Lost, void and lapsed keep their result. */
const LIVE = ['applied', 'won', 'paid'] as const;
const TOLD = [...LIVE, 'lost', 'void', 'lapsed', 'refunded'] as const;

/**
 * An owner cancels the presale's event (中止): the mark and its audit row in one transaction under the presale's
 * row lock. A second click, a retry or another instance finds it marked and changes nothing; the refunds follow in
 * `finishCancellation` (the request starts it, the presale job finishes what a crash left).
 */
export async function cancelPresaleEvent(
  db: Db,
  actor: StaffActor,
  itemId: string,
  reason: string,
  now: Date,
): Promise<Presale> {
  assertCan(actor, 'presales:cancel');
  return db.transaction(async (tx) => {
    const [presale] = await tx
      .select(presaleColumns)
      .from(presales)
      .where(and(eq(presales.itemId, itemId), eq(presales.siteId, actor.siteId)))
      .for('update');
    if (!presale) throw new AppError('NOT_FOUND', 'この記事には先行受付がありません。');
    if (presale.cancelledAt) return presale;
    const [cancelled] = await tx
      .update(presales)
      .set({ cancelledAt: now, updatedAt: now })
      .where(eq(presales.id, presale.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'presale.cancel',
      targetType: 'presale',
      targetId: presale.id,
      before: { cancelledAt: null },
      after: { cancelledAt: now.toISOString(), reason },
    });
    return cancelled!;
  });
}

/**
 * Every payment of a cancelled presale given back once, then each live application `refunded` and every
 * participant told. Per application: an attempt left `issuing` is completed with its own key first (so nothing is
 * charged after the refund ran), each paid payment refunded through the provider (its key: the payment), an unpaid
 * voucher cancelled; only when none is open or paid does the application turn `refunded`, with the notices, in one
 * transaction. Run again, it finds nothing left to do.
 */
export async function finishCancellation(db: Db, provider: PaymentProvider, presale: Presale, now: Date) {
  const wins = new Map((await winsOf(db, presale.id, ['won', 'paid'])).map((w) => [w.application.id, w]));
  const applications = await db
    .select()
    .from(presaleApplications)
    .where(and(eq(presaleApplications.presaleId, presale.id), inArray(presaleApplications.status, [...TOLD])))
    // The ended results first: the job keeps coming back while a live one is left, so every notice is written.
    .orderBy(asc(sql`${presaleApplications.status} in ('applied', 'won', 'paid')`));
  const { title } = await titleOfPresale(db, presale);
  let ended = 0;
  for (const application of applications) {
    for (const payment of await paymentsOf(db, application.id)) {
      const win = wins.get(application.id);
      if (payment.status === 'issuing' && payment.method === 'card' && win) {
        const completed = await chargeWinByCard(db, provider, (await winToPay(db, win)).pay, { first: true });
        if (completed) await settleForRefund(db, provider, completed);
      } else if (await inResale(db, payment.id)) {
        continue;
      } else if (
        payment.status === 'paid' &&
        (await resaleRefundedOf(db, [payment.id])) >= payment.amountYen
      ) {
        // The resale gave all of it back already (no fee kept): nothing is left to ask the provider for.
        await db
          .update(oneOffPayments)
          .set({ status: 'refunded', refundedAt: now })
          .where(and(eq(oneOffPayments.id, payment.id), eq(oneOffPayments.status, 'paid')));
      } else {
        await settleForRefund(db, provider, payment);
      }
    }
    const done = await db.transaction(async (tx) => {
      const payments = await tx
        .select()
        .from(oneOffPayments)
        .where(eq(oneOffPayments.presaleApplicationId, application.id))
        .for('update');
      if (payments.some((p) => ['issuing', 'pending', 'paid'].includes(p.status))) return false;
      const [row] = await tx
        .select()
        .from(presaleApplications)
        .where(eq(presaleApplications.id, application.id))
        .for('update');
      if (!row) return false;
      if ((LIVE as readonly string[]).includes(row.status)) {
        await tx
          .update(presaleApplications)
          .set({ status: 'refunded', paymentDueAt: null, updatedAt: now })
          .where(eq(presaleApplications.id, row.id));
      }
      const refunded = payments.filter((p) => p.status === 'refunded');
      // What the resale already gave back of these payments is not given (nor announced) twice (decision 0049).
      const resaleRefundedYen = await resaleRefundedOf(
        tx,
        refunded.map((p) => p.id),
      );
      for (const person of await participantsOf(tx, row.id)) {
        const applicant = person.role === 'applicant';
        await notify(tx, {
          siteId: presale.siteId,
          memberId: person.memberId,
          kind: 'presale-cancelled',
          key: `presale-cancelled:${row.id}:${person.memberId}`,
          data: {
            title,
            receiptNo: row.receiptNo,
            refundYen: applicant ? refunded.reduce((sum, p) => sum + p.amountYen, 0) - resaleRefundedYen : 0,
            resaleRefundedYen: applicant ? resaleRefundedYen : 0,
            method: applicant ? (refunded[0]?.method ?? null) : null,
          },
        });
      }
      return true;
    });
    if (done) ended++;
  }
  return ended;
}

/** Cancelled presales with something left to do (a live application, or money not yet given back). */
export async function cancelledPresales(db: Db): Promise<Presale[]> {
  return db
    .select(presaleColumns)
    .from(presales)
    .where(
      and(
        isNotNull(presales.cancelledAt),
        sql`exists (select 1 from presale_applications a
          left join one_off_payments p on p.presale_application_id = a.id
          where a.presale_id = ${presales.id}
            and (a.status in ('applied', 'won', 'paid') or p.status in ('issuing', 'pending', 'paid')))`,
      ),
    );
}

/**
 * A payment with a ticket on the official resale (listed, matched or sold and not yet refunded): the resale's job
 * first ends the listing (withdrawn, or the sale's partial refund given), and only then is what is left of the
 * payment refunded here, so the provider never sees the whole refund before a partial one (decision 0049). The SQL
 * reads the resale's table here because presale must not import the resale feature above it.
 */
async function inResale(db: Db, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: resaleListings.id })
    .from(resaleListings)
    .where(
      and(
        eq(resaleListings.sourcePaymentId, paymentId),
        inArray(resaleListings.status, ['listed', 'matched', 'sold']),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Yen the resale already refunded of these payments: face value less the fee of each of their refunded listings. */
export async function resaleRefundedOf(db: Db, paymentIds: string[]): Promise<number> {
  if (!paymentIds.length) return 0;
  const [row] = await db
    .select({
      yen: sql<number>`coalesce(sum(greatest(${resaleListings.faceValueYen} - ${resaleListings.feeYen}, 0)), 0)::int`,
    })
    .from(resaleListings)
    .where(and(inArray(resaleListings.sourcePaymentId, paymentIds), eq(resaleListings.status, 'refunded')));
  return row?.yen ?? 0;
}

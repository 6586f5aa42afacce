import 'server-only';
import { and, eq, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentItems, members, oneOffPayments, presaleApplications } from '@/server/db/schema';
import type { PaymentProvider } from '@/server/payments/types';
import {
  chargeWinByCard,
  completeCardCharge,
  completeKonbini,
  ensureCustomer,
  issueWinVoucher,
  paymentsOf,
  settleForRefund,
} from '@/features/billing/server';
import { notify } from '@/features/notices/server';
import type { Presale } from './setup';
import { participantsOf, winsOf } from './results';

type Win = Awaited<ReturnType<typeof winsOf>>[number];

async function memberOf(db: Db, memberId: string) {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  return member!;
}

/** What a win is paid with, for billing. */
export async function winToPay(db: Db, win: Win) {
  const member = await memberOf(db, win.application.memberId);
  return {
    member,
    pay: {
      siteId: member.siteId,
      memberId: member.id,
      applicationId: win.application.id,
      customerId: member.billingCustomerId,
      amountYen: win.application.tickets * win.priceYen,
      description: `${win.title} チケット代金 受付番号 ${win.application.receiptNo}`,
    },
  };
}

/**
 * After the announcement: each win still without a payment is charged on the saved card or gets its konbini
 * voucher; an attempt a crash (or a slow provider) left `issuing` is completed with its own key. Safe in every
 * instance at once (billing's one-payment-per-application index and the attempt's idempotency key).
 */
export async function settleWins(
  db: Db,
  provider: PaymentProvider,
  presale: Presale,
  /** Waits while a crowd is being answered (the job's JobContext.crowd): the result time brings both at once. */
  crowd?: () => Promise<void>,
): Promise<number> {
  const wins = await winsOf(db, presale.id);
  let settled = 0;
  for (const win of wins) {
    await crowd?.();
    const [latest] = await paymentsOf(db, win.application.id);
    if (latest && latest.status !== 'issuing') continue;
    const { member, pay } = await winToPay(db, win);
    try {
      if (win.application.paymentMethod === 'card') {
        await chargeWinByCard(db, provider, pay, { first: true });
      } else {
        const customerId = await ensureCustomer(db, provider, member, member.email);
        await issueWinVoucher(db, provider, { ...pay, customerId, days: presale.konbiniDeadlineDays });
      }
      settled++;
    } catch (error) {
      // The provider is unreachable or slow: the attempt stays `issuing` and the next tick completes it.
      console.warn(
        `presale: payment of ${win.application.receiptNo} left for later:`,
        (error as Error).message,
      );
    }
  }
  return settled;
}

/**
 * A win unpaid at its due time lapses and its seats are free again. An open voucher, or a card charge waiting for
 * 3-D Secure, is cancelled at the provider first (one paid at the last moment is recorded paid instead); a card
 * charge in flight is waited for.
 */
export async function lapseDue(db: Db, provider: PaymentProvider, presale: Presale, now: Date) {
  const due = await db
    .select()
    .from(presaleApplications)
    .where(
      and(
        eq(presaleApplications.presaleId, presale.id),
        eq(presaleApplications.status, 'won'),
        lte(presaleApplications.paymentDueAt, now),
      ),
    );
  let lapsed = 0;
  for (const application of due) {
    const [latest] = await paymentsOf(db, application.id);
    if (latest?.status === 'issuing') continue;
    if (latest?.status === 'pending' && latest.providerPaymentId && latest.method === 'card') {
      // A charge waiting for 3-D Secure: given up at the provider first. One the fan authenticated before the
      // cancellation is recorded paid (the provider's word decides the boundary, docs/decisions/0047).
      await provider.cancelCardCharge(latest.providerPaymentId, presale.siteId);
      await completeCardCharge(db, provider, latest.providerPaymentId, presale.siteId);
    } else if (latest?.status === 'pending' && latest.providerPaymentId) {
      await provider.cancelKonbini(latest.providerPaymentId);
      await completeKonbini(db, provider, latest.providerPaymentId, presale.siteId);
    }
    const done = await db.transaction(async (tx) => {
      const [ended] = await tx
        .update(presaleApplications)
        .set({ status: 'lapsed', updatedAt: now })
        .where(
          and(
            eq(presaleApplications.id, application.id),
            eq(presaleApplications.status, 'won'),
            lte(presaleApplications.paymentDueAt, now),
            sql`not exists (select 1 from one_off_payments p where p.presale_application_id = ${application.id}
              and p.status in ('issuing', 'pending', 'paid'))`,
          ),
        )
        .returning();
      if (!ended) return false;
      const { title } = await titleOfPresale(tx, presale);
      for (const person of await participantsOf(tx, ended.id)) {
        await notify(tx, {
          siteId: presale.siteId,
          memberId: person.memberId,
          kind: 'presale-lapsed',
          key: `presale-lapsed:${ended.id}:${person.memberId}`,
          data: { title, receiptNo: ended.receiptNo, companion: person.role === 'companion' },
        });
      }
      return true;
    });
    if (done) lapsed++;
  }
  return lapsed;
}

export async function titleOfPresale(tx: Db, presale: Pick<Presale, 'itemId'>) {
  const [item] = await tx
    .select({ title: contentItems.title })
    .from(contentItems)
    .where(eq(contentItems.id, presale.itemId));
  return { title: item?.title ?? 'ファンクラブ先行' };
}

/**
 * Money that arrived for an application no longer won (lapsed, or the event cancelled) is given back, once: the
 * provider's refund is keyed by the payment, and the row turns `refunded` only from `paid`.
 */
export async function refundStrays(db: Db, provider: PaymentProvider): Promise<number> {
  const strays = await db
    .select({ payment: oneOffPayments })
    .from(oneOffPayments)
    .innerJoin(presaleApplications, eq(presaleApplications.id, oneOffPayments.presaleApplicationId))
    .where(
      and(
        eq(oneOffPayments.purpose, 'presale'),
        eq(oneOffPayments.status, 'paid'),
        notInArray(presaleApplications.status, ['paid', 'won']),
      ),
    )
    .limit(200);
  for (const { payment } of strays) await settleForRefund(db, provider, payment);
  return strays.length;
}

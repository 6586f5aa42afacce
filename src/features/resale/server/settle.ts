import 'server-only';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import {
  members,
  oneOffPayments,
  presales,
  resaleListings,
  resaleMatches,
  resaleWaits,
  tickets,
} from '@/server/db/schema';
import type { PaymentProvider } from '@/server/payments/types';
import type { Member } from '@/features/membership';
import { describeCardError } from '@/features/billing';
import {
  chargeWinByCard,
  completeCardCharge,
  completeKonbini,
  ensureCustomer,
  issueWinVoucher,
  resalePaymentsOf,
  settleForRefund,
  type WinToPay,
} from '@/features/billing/server';
import { notify } from '@/features/notices/server';
import { endUnpaidMatch, refundOf, seatOf } from './shared';

type Match = typeof resaleMatches.$inferSelect;

async function toPay(db: Db, match: Match): Promise<WinToPay & { email: string | null }> {
  const [member] = await db.select().from(members).where(eq(members.id, match.memberId));
  const { title, seat } = await seatOf(db, match.offeringId);
  return {
    siteId: match.siteId,
    memberId: match.memberId,
    applicationId: match.id,
    resaleMatchId: match.id,
    customerId: member?.billingCustomerId ?? null,
    amountYen: match.amountYen,
    description: `${title} リセールチケット代金 ${seat} ${match.tickets}枚`,
    email: member?.email ?? null,
  };
}

/**
 * The matched member pays by the saved card from My page, once: billing's attempt (its id the idempotency key) and
 * the one-payment-per-match index make a double click or a retry one charge. Paid: the seats move to them at once.
 */
export async function payMatch(
  db: Db,
  provider: PaymentProvider,
  member: Member,
  matchId: string,
  now = new Date(),
): Promise<{ status: 'paid' | 'requires_action' }> {
  const [match] = await db
    .select()
    .from(resaleMatches)
    .where(and(eq(resaleMatches.id, matchId), eq(resaleMatches.memberId, member.id)));
  if (!match) throw new AppError('NOT_FOUND', 'リセールの当選が見つかりません。');
  if (match.status === 'paid' || match.status === 'transferred') {
    await transferPaid(db, now, match.id);
    return { status: 'paid' };
  }
  const [presale] = await db
    .select({ cancelledAt: presales.cancelledAt })
    .from(presales)
    .where(eq(presales.id, match.presaleId));
  if (presale?.cancelledAt) {
    throw new AppError('CONFLICT', '公演が中止となったため、このリセール当選は無効となりました。');
  }
  if (match.status === 'lapsed' || match.paymentDueAt <= now) {
    throw new AppError('CONFLICT', 'お支払い期限を過ぎたため、このリセール当選は無効となりました。');
  }
  const pay = await toPay(db, match);
  const result = await chargeWinByCard(db, provider, pay, { first: false });
  if (result?.status === 'paid') {
    await transferPaid(db, now, match.id);
    return { status: 'paid' };
  }
  if (result?.status === 'pending' && result.method === 'card') return { status: 'requires_action' };
  if (result?.status === 'pending') {
    throw new AppError('CONFLICT', 'コンビニ払いのお支払い番号でお支払いください。');
  }
  if (result?.status === 'failed') {
    throw new AppError('PAYMENT_DECLINED', describeCardError('card_declined', result.failureCode));
  }
  throw new AppError('UNAVAILABLE');
}

/** Konbini matches get their voucher (once; a crash's `issuing` row is completed with its own key). */
export async function issueVouchers(db: Db, provider: PaymentProvider): Promise<number> {
  const due = await db
    .select({ match: resaleMatches })
    .from(resaleMatches)
    .innerJoin(resaleWaits, eq(resaleWaits.id, resaleMatches.waitId))
    .innerJoin(presales, eq(presales.id, resaleMatches.presaleId))
    // No voucher for a cancelled presale's match (its resale is ended, decision 0049).
    .where(
      and(
        eq(resaleMatches.status, 'due'),
        eq(resaleWaits.paymentMethod, 'konbini'),
        isNull(presales.cancelledAt),
      ),
    )
    .limit(200);
  let issued = 0;
  for (const { match } of due) {
    const [latest] = await resalePaymentsOf(db, match.id);
    if (latest && latest.status !== 'issuing') continue;
    const pay = await toPay(db, match);
    const [member] = await db.select().from(members).where(eq(members.id, match.memberId));
    if (!member) continue;
    const customerId = await ensureCustomer(db, provider, member, pay.email);
    const days = Math.max(1, Math.ceil((match.paymentDueAt.getTime() - Date.now()) / 86_400_000));
    await issueWinVoucher(db, provider, { ...pay, customerId, days });
    issued++;
  }
  return issued;
}

/**
 * A paid match's seats move to the buyer, in one transaction with the listings `sold` and the match `transferred`:
 * each ticket's holder becomes the buyer and its holder version moves on, so the seller's living codes name a holder
 * the ticket no longer has (the door refuses them once it has synced, decision 0033) and the buyer's own codes and
 * name are on it from this moment. A ticket no longer the seller's as listed (it moved, was checked in) is not
 * taken: the match stays paid for staff to see (and refund) rather than giving the seat twice.
 */
export async function transferPaid(db: Db, now = new Date(), onlyMatchId?: string): Promise<number> {
  const paid = await db
    .select({ id: resaleMatches.id })
    .from(resaleMatches)
    .where(and(eq(resaleMatches.status, 'paid'), onlyMatchId ? eq(resaleMatches.id, onlyMatchId) : undefined))
    .limit(200);
  let moved = 0;
  for (const { id } of paid) {
    const done = await moveMatch(db, id, now).catch((error: unknown) => {
      // One match that cannot move (its ticket changed hands since it was listed) must not hold up the others.
      console.error(`resale: match ${id} not moved:`, (error as Error).message);
      return false;
    });
    if (done) moved++;
  }
  return moved;
}

/** One paid match's move, in one transaction (transferPaid). */
async function moveMatch(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [match] = await tx
      .select()
      .from(resaleMatches)
      .where(and(eq(resaleMatches.id, id), eq(resaleMatches.status, 'paid')))
      .for('update');
    if (!match) return false;
    const listings = await tx
      .select()
      .from(resaleListings)
      .where(and(eq(resaleListings.matchId, match.id), eq(resaleListings.status, 'matched')))
      .for('update');
    for (const listing of listings) {
      const [ticket] = await tx
        .update(tickets)
        .set({
          holderMemberId: match.memberId,
          offeredToMemberId: null,
          holderVersion: sql`${tickets.holderVersion} + 1`,
        })
        .where(
          and(
            eq(tickets.id, listing.ticketId),
            eq(tickets.holderMemberId, listing.sellerMemberId),
            eq(tickets.holderVersion, listing.holderVersion),
            eq(tickets.status, 'issued'),
            sql`${tickets.checkedInAt} is null`,
          ),
        )
        .returning({ id: tickets.id });
      if (!ticket) throw new Error(`resale: ticket ${listing.ticketId} is no longer the seller's as listed`);
    }
    await tx
      .update(resaleListings)
      .set({ status: 'sold', soldAt: now, updatedAt: now })
      .where(inArray(resaleListings.id, listings.length ? listings.map((l) => l.id) : [match.id]));
    await tx
      .update(resaleMatches)
      .set({ status: 'transferred', transferredAt: now, updatedAt: now })
      .where(eq(resaleMatches.id, match.id));
    await tx
      .update(resaleWaits)
      .set({ status: 'paid', updatedAt: now })
      .where(eq(resaleWaits.id, match.waitId));
    const { title, seat } = await seatOf(tx, match.offeringId);
    await notify(tx, {
      siteId: match.siteId,
      memberId: match.memberId,
      kind: 'resale-paid',
      key: `resale-paid:${match.id}`,
      data: { title, seat, tickets: listings.length, amountYen: match.amountYen },
    });
    return true;
  });
}

/**
 * Each sold listing's seller is refunded face value less the fee, once: the provider's partial refund is keyed by
 * the listing (asked again, it gives nothing more), and the listing turns `refunded` only after it answered.
 */
export async function refundSold(db: Db, provider: PaymentProvider, now = new Date()): Promise<number> {
  const sold = await db
    .select({ listing: resaleListings, payment: oneOffPayments })
    .from(resaleListings)
    .innerJoin(oneOffPayments, eq(oneOffPayments.id, resaleListings.sourcePaymentId))
    .where(eq(resaleListings.status, 'sold'))
    .limit(200);
  let refunded = 0;
  for (const { listing, payment } of sold) {
    const amountYen = refundOf(listing.faceValueYen, listing.feeYen);
    if (amountYen > 0 && payment.providerPaymentId) {
      await provider.refundOneOffPart({
        providerPaymentId: payment.providerPaymentId,
        siteId: listing.siteId,
        amountYen,
        key: `resale-${listing.id}`,
      });
    }
    const at = await provider.now(listing.siteId).catch(() => now);
    const written = await db.transaction(async (tx) => {
      const [done] = await tx
        .update(resaleListings)
        .set({ status: 'refunded', refundedAt: at, updatedAt: at })
        .where(and(eq(resaleListings.id, listing.id), eq(resaleListings.status, 'sold')))
        .returning();
      if (!done) return false;
      const { title, seat } = await seatOf(tx, listing.offeringId);
      await notify(tx, {
        siteId: listing.siteId,
        memberId: listing.sellerMemberId,
        kind: 'resale-refunded',
        key: `resale-refunded:${listing.id}`,
        data: { title, seat, refundYen: amountYen },
      });
      return true;
    });
    if (written) refunded++;
  }
  return refunded;
}

/**
 * A match unpaid at its due time lapses: its seats are listed again for the next round, and the member's wait ends
 * (they may wait again). An open voucher or a card charge waiting for 3-D Secure is cancelled first; one paid at
 * the last moment is recorded paid instead and the match goes through.
 */
export async function lapseDueMatches(db: Db, provider: PaymentProvider, now = new Date()): Promise<number> {
  const due = await db
    .select()
    .from(resaleMatches)
    .where(and(eq(resaleMatches.status, 'due'), lte(resaleMatches.paymentDueAt, now)))
    .limit(200);
  let lapsed = 0;
  for (const match of due) {
    const [latest] = await resalePaymentsOf(db, match.id);
    if (latest?.status === 'issuing') continue;
    if (latest?.status === 'pending' && latest.providerPaymentId && latest.method === 'card') {
      await provider.cancelCardCharge(latest.providerPaymentId, match.siteId);
      await completeCardCharge(db, provider, latest.providerPaymentId, match.siteId);
    } else if (latest?.status === 'pending' && latest.providerPaymentId) {
      await provider.cancelKonbini(latest.providerPaymentId);
      await completeKonbini(db, provider, latest.providerPaymentId, match.siteId);
    }
    const done = await db.transaction(async (tx) => {
      const ended = await endUnpaidMatch(tx, match.id, now, { listing: 'listed', wait: 'lapsed' });
      if (!ended) return false;
      const { title, seat } = await seatOf(tx, ended.offeringId);
      await notify(tx, {
        siteId: ended.siteId,
        memberId: ended.memberId,
        kind: 'resale-lapsed',
        key: `resale-lapsed:${ended.id}`,
        data: { title, seat },
      });
      return true;
    });
    if (done) lapsed++;
  }
  return lapsed;
}

/** Money that arrived for a match that lapsed is given back whole, once (billing's refund, keyed by the payment). */
export async function refundResaleStrays(db: Db, provider: PaymentProvider): Promise<number> {
  const strays = await db
    .select({ payment: oneOffPayments })
    .from(oneOffPayments)
    .innerJoin(resaleMatches, eq(resaleMatches.id, oneOffPayments.resaleMatchId))
    .where(
      and(
        eq(oneOffPayments.purpose, 'resale'),
        eq(oneOffPayments.status, 'paid'),
        eq(resaleMatches.status, 'lapsed'),
      ),
    )
    .limit(200);
  for (const { payment } of strays) await settleForRefund(db, provider, payment);
  return strays.length;
}

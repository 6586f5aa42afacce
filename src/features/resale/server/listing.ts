import 'server-only';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import {
  oneOffPayments,
  presaleApplications,
  presaleOfferings,
  presalePerformances,
  presales,
  resaleListings,
  resaleMatches,
  tickets,
} from '@/server/db/schema';
import type { Member } from '@/features/membership';
import { notify } from '@/features/notices/server';
import { feeFor, refundOf, seatOf } from './shared';

/**
 * The paid payment a refund for this ticket comes from, for its holder: the resale match that gave it to them, or
 * their own application's win. Null: they hold it without having paid for it (a companion's 分配): not theirs to sell.
 */
async function sourcePaymentOf(tx: Db, memberId: string, ticketId: string, applicationId: string) {
  const [bought] = await tx
    .select({ id: oneOffPayments.id })
    .from(resaleListings)
    .innerJoin(resaleMatches, eq(resaleMatches.id, resaleListings.matchId))
    .innerJoin(oneOffPayments, eq(oneOffPayments.resaleMatchId, resaleMatches.id))
    .where(
      and(
        eq(resaleListings.ticketId, ticketId),
        eq(resaleMatches.memberId, memberId),
        eq(resaleMatches.status, 'transferred'),
        eq(oneOffPayments.status, 'paid'),
      ),
    )
    .orderBy(desc(resaleMatches.transferredAt))
    .limit(1);
  if (bought) return bought.id;
  const [won] = await tx
    .select({ id: oneOffPayments.id })
    .from(oneOffPayments)
    .innerJoin(presaleApplications, eq(presaleApplications.id, oneOffPayments.presaleApplicationId))
    .where(
      and(
        eq(oneOffPayments.presaleApplicationId, applicationId),
        eq(presaleApplications.memberId, memberId),
        eq(oneOffPayments.status, 'paid'),
      ),
    )
    .limit(1);
  return won?.id ?? null;
}

/**
 * 公式リセール: the member lists tickets they hold and paid for, at face value, until the presale's resale deadline.
 * Under the pair rule `pair` the application's tickets they hold go together; under `single` one or more at a time.
 * Locked ticket rows and the one-live-listing-per-ticket index keep a double click to one listing.
 */
export async function listTickets(
  db: Db,
  member: Member,
  presaleId: string,
  ticketIds: string[],
  now = new Date(),
): Promise<{ listingIds: string[]; refundYen: number }> {
  const ids = [...new Set(ticketIds)];
  if (ids.length === 0) throw new AppError('VALIDATION', '出品するチケットを選んでください。');
  return db.transaction(async (tx) => {
    const [presale] = await tx
      .select()
      .from(presales)
      .where(and(eq(presales.id, presaleId), eq(presales.siteId, member.siteId)))
      // Shared lock: a cancellation (中止) commits before or after this listing, never in between.
      .for('share');
    if (!presale) throw new AppError('NOT_FOUND', '先行が見つかりません。');
    if (!presale.resaleUntil) throw new AppError('CONFLICT', 'この公演は公式リセールの対象外です。');
    if (presale.cancelledAt) throw new AppError('CONFLICT', '中止となった公演のチケットは出品できません。');
    if (now >= presale.resaleUntil) throw new AppError('CONFLICT', 'リセールの出品受付は終了しました。');
    const rows = await tx
      .select({
        ticket: tickets,
        priceYen: presaleOfferings.priceYen,
        startsAt: presalePerformances.startsAt,
      })
      .from(tickets)
      .innerJoin(presaleOfferings, eq(presaleOfferings.id, tickets.offeringId))
      .innerJoin(presalePerformances, eq(presalePerformances.id, tickets.performanceId))
      .where(and(inArray(tickets.id, ids), eq(tickets.presaleId, presale.id)))
      .for('update', { of: tickets });
    if (rows.length !== ids.length) throw new AppError('NOT_FOUND', 'チケットが見つかりません。');
    const live = await tx
      .select({ ticketId: resaleListings.ticketId })
      .from(resaleListings)
      .where(
        and(inArray(resaleListings.ticketId, ids), inArray(resaleListings.status, ['listed', 'matched'])),
      );
    if (live.length) throw new AppError('CONFLICT', 'すでに出品中のチケットです。');
    for (const { ticket, startsAt } of rows) {
      if (ticket.holderMemberId !== member.id) {
        throw new AppError('FORBIDDEN', 'ご自身がお持ちのチケットだけを出品できます。');
      }
      if (ticket.status !== 'issued') throw new AppError('CONFLICT', '無効なチケットは出品できません。');
      if (ticket.checkedInAt) throw new AppError('CONFLICT', '入場済みのチケットは出品できません。');
      if (ticket.offeredToMemberId) {
        throw new AppError(
          'CONFLICT',
          '同行者に分配中のチケットは出品できません。分配を取り消してからお試しください。',
        );
      }
      if (now >= startsAt) throw new AppError('CONFLICT', '公演開始後のチケットは出品できません。');
    }
    if (presale.resalePairRule === 'pair') {
      // Together: every ticket of each application that the member holds and has not listed.
      const applicationIds = [...new Set(rows.map((row) => row.ticket.applicationId))];
      const held = await tx
        .select({ id: tickets.id })
        .from(tickets)
        .where(
          and(
            inArray(tickets.applicationId, applicationIds),
            eq(tickets.holderMemberId, member.id),
            eq(tickets.status, 'issued'),
            isNull(tickets.checkedInAt),
          ),
        );
      if (held.some((row) => !ids.includes(row.id))) {
        throw new AppError(
          'VALIDATION',
          'この公演のリセールは、同じお申し込みのチケットをまとめて出品していただく決まりです。',
        );
      }
    }
    const values = [];
    for (const { ticket, priceYen } of rows) {
      const source = await sourcePaymentOf(tx, member.id, ticket.id, ticket.applicationId);
      if (!source) {
        throw new AppError(
          'FORBIDDEN',
          '分配で受け取ったチケットは出品できません。お申し込みの方（お支払いされた方）が出品してください。',
        );
      }
      values.push({
        siteId: member.siteId,
        presaleId: presale.id,
        offeringId: ticket.offeringId,
        performanceId: ticket.performanceId,
        ticketId: ticket.id,
        sellerMemberId: member.id,
        holderVersion: ticket.holderVersion,
        faceValueYen: priceYen,
        feeYen: feeFor(presale, priceYen),
        sourcePaymentId: source,
        createdAt: now,
        updatedAt: now,
      });
    }
    const listed = await tx.insert(resaleListings).values(values).returning();
    const refundYen = listed.reduce((sum, row) => sum + refundOf(row.faceValueYen, row.feeYen), 0);
    const { title, seat } = await seatOf(tx, listed[0]!.offeringId);
    await notify(tx, {
      siteId: member.siteId,
      memberId: member.id,
      kind: 'resale-listed',
      key: `resale-listed:${listed[0]!.id}`,
      data: { title, seat, count: listed.length, refundYen },
    });
    return { listingIds: listed.map((row) => row.id), refundYen };
  });
}

/** The seller takes a listing back while it is still `listed` (not yet matched in a round). */
export async function withdrawListing(db: Db, member: Member, listingId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(resaleListings)
      .where(and(eq(resaleListings.id, listingId), eq(resaleListings.siteId, member.siteId)))
      .for('update');
    if (!row || row.sellerMemberId !== member.id) throw new AppError('NOT_FOUND', '出品が見つかりません。');
    if (row.status === 'withdrawn') return row;
    if (row.status !== 'listed') {
      throw new AppError('CONFLICT', '購入者が決まったため、この出品は取り消せません。');
    }
    const [done] = await tx
      .update(resaleListings)
      .set({ status: 'withdrawn', withdrawnAt: now, updatedAt: now })
      .where(and(eq(resaleListings.id, row.id), eq(resaleListings.status, 'listed')))
      .returning();
    const { title, seat } = await seatOf(tx, row.offeringId);
    await notify(tx, {
      siteId: member.siteId,
      memberId: member.id,
      kind: 'resale-withdrawn',
      key: `resale-withdrawn:${row.id}`,
      data: { title, seat, count: 1 },
    });
    return done!;
  });
}

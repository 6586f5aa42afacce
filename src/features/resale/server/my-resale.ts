import 'server-only';
import { and, desc, eq, gt, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  contentItems,
  oneOffPayments,
  presaleOfferings,
  presalePerformances,
  presales,
  resaleListings,
  resaleMatches,
  resaleWaits,
  tickets,
} from '@/server/db/schema';
import type { MyResale } from '../types';
import { refundOf } from './shared';

const DAY = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
});
const seatLabel = (startsAt: Date, venue: string, seatType: string) =>
  `${DAY.format(startsAt)} ${venue} ${seatType}`;

/** My page's 公式リセール: what the member can list, their listings, the seat types they can wait for, their waits. */
export async function myResale(
  db: Db,
  siteId: string,
  memberId: string,
  now = new Date(),
): Promise<MyResale> {
  const open = await db
    .select({ presale: presales, title: contentItems.title })
    .from(presales)
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .where(and(eq(presales.siteId, siteId), isNotNull(presales.resaleUntil), isNull(presales.cancelledAt)));
  const presaleIds = open.map((row) => row.presale.id);
  const none = presaleIds.length === 0;
  const ids = none ? ['00000000-0000-0000-0000-000000000000'] : presaleIds;
  const [held, listings, offerings, waits] = await Promise.all([
    db
      .select({
        id: tickets.id,
        presaleId: tickets.presaleId,
        applicationId: tickets.applicationId,
        startsAt: presalePerformances.startsAt,
        venue: presalePerformances.venue,
        seatType: presaleOfferings.seatType,
        priceYen: presaleOfferings.priceYen,
      })
      .from(tickets)
      .innerJoin(presalePerformances, eq(presalePerformances.id, tickets.performanceId))
      .innerJoin(presaleOfferings, eq(presaleOfferings.id, tickets.offeringId))
      .where(
        and(
          inArray(tickets.presaleId, ids),
          eq(tickets.holderMemberId, memberId),
          eq(tickets.status, 'issued'),
          isNull(tickets.checkedInAt),
          isNull(tickets.offeredToMemberId),
          gt(presalePerformances.startsAt, now),
          notExists(
            db
              .select({ one: sql`1` })
              .from(resaleListings)
              .where(
                and(
                  eq(resaleListings.ticketId, tickets.id),
                  inArray(resaleListings.status, ['listed', 'matched']),
                ),
              ),
          ),
        ),
      )
      .orderBy(presalePerformances.startsAt, tickets.seq),
    db
      .select({
        listing: resaleListings,
        title: contentItems.title,
        startsAt: presalePerformances.startsAt,
        venue: presalePerformances.venue,
        seatType: presaleOfferings.seatType,
      })
      .from(resaleListings)
      .innerJoin(presales, eq(presales.id, resaleListings.presaleId))
      .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
      .innerJoin(presaleOfferings, eq(presaleOfferings.id, resaleListings.offeringId))
      .innerJoin(presalePerformances, eq(presalePerformances.id, resaleListings.performanceId))
      .where(and(eq(resaleListings.siteId, siteId), eq(resaleListings.sellerMemberId, memberId)))
      .orderBy(desc(resaleListings.createdAt)),
    db
      .select({
        id: presaleOfferings.id,
        presaleId: presaleOfferings.presaleId,
        startsAt: presalePerformances.startsAt,
        venue: presalePerformances.venue,
        seatType: presaleOfferings.seatType,
        priceYen: presaleOfferings.priceYen,
      })
      .from(presaleOfferings)
      .innerJoin(presalePerformances, eq(presalePerformances.id, presaleOfferings.performanceId))
      .where(and(inArray(presaleOfferings.presaleId, ids), gt(presalePerformances.startsAt, now)))
      .orderBy(presalePerformances.startsAt, presaleOfferings.seatType),
    db
      .select({
        wait: resaleWaits,
        title: contentItems.title,
        startsAt: presalePerformances.startsAt,
        venue: presalePerformances.venue,
        seatType: presaleOfferings.seatType,
      })
      .from(resaleWaits)
      .innerJoin(presales, eq(presales.id, resaleWaits.presaleId))
      .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
      .innerJoin(presaleOfferings, eq(presaleOfferings.id, resaleWaits.offeringId))
      .innerJoin(presalePerformances, eq(presalePerformances.id, presaleOfferings.performanceId))
      .where(and(eq(resaleWaits.siteId, siteId), eq(resaleWaits.memberId, memberId)))
      .orderBy(desc(resaleWaits.createdAt)),
  ]);
  const waitIds = waits.map((row) => row.wait.id);
  const matches = waitIds.length
    ? await db
        .select({ match: resaleMatches, payment: oneOffPayments })
        .from(resaleMatches)
        .leftJoin(
          oneOffPayments,
          and(
            eq(oneOffPayments.resaleMatchId, resaleMatches.id),
            inArray(oneOffPayments.status, ['pending', 'paid']),
          ),
        )
        .where(inArray(resaleMatches.waitId, waitIds))
        .orderBy(desc(resaleMatches.createdAt))
    : [];
  const byPresale = new Map(open.map((row) => [row.presale.id, row]));
  const sellable = open
    .filter(({ presale }) => presale.resaleUntil! > now)
    .map(({ presale, title }) => ({
      presaleId: presale.id,
      title,
      until: presale.resaleUntil!.toISOString(),
      pairRule: presale.resalePairRule,
      feeYen: presale.resaleFeeYen,
      tickets: held
        .filter((ticket) => ticket.presaleId === presale.id)
        .map((ticket) => ({
          id: ticket.id,
          applicationId: ticket.applicationId,
          label: seatLabel(ticket.startsAt, ticket.venue, ticket.seatType),
          faceValueYen: ticket.priceYen,
          refundYen: refundOf(ticket.priceYen, Math.min(presale.resaleFeeYen, ticket.priceYen)),
        })),
    }))
    .filter((group) => group.tickets.length > 0);
  return {
    sellable,
    listings: listings.map(({ listing, title, startsAt, venue, seatType }) => ({
      id: listing.id,
      title,
      seat: seatLabel(startsAt, venue, seatType),
      status: listing.status,
      faceValueYen: listing.faceValueYen,
      refundYen: refundOf(listing.faceValueYen, listing.feeYen),
      listedAt: listing.createdAt.toISOString(),
    })),
    offerings: offerings.map((offering) => ({
      id: offering.id,
      title: byPresale.get(offering.presaleId)?.title ?? '',
      seat: seatLabel(offering.startsAt, offering.venue, offering.seatType),
      priceYen: offering.priceYen,
      maxTickets: byPresale.get(offering.presaleId)?.presale.ticketsPerApplication ?? 1,
    })),
    waits: waits.map(({ wait, title, startsAt, venue, seatType }) => {
      const latest = matches.find((row) => row.match.waitId === wait.id);
      return {
        id: wait.id,
        title,
        seat: seatLabel(startsAt, venue, seatType),
        tickets: wait.tickets,
        method: wait.paymentMethod,
        status: wait.status,
        match: latest
          ? {
              id: latest.match.id,
              status: latest.match.status,
              amountYen: latest.match.amountYen,
              dueAt: latest.match.paymentDueAt.toISOString(),
              paymentNumber: latest.payment?.status === 'pending' ? latest.payment.paymentNumber : null,
              voucherId: latest.payment?.status === 'pending' ? latest.payment.id : null,
            }
          : null,
      };
    }),
  };
}

import 'server-only';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  contentItems,
  drawRounds,
  oneOffPayments,
  presaleApplications,
  presaleOfferings,
  presaleParticipants,
  presalePerformances,
  presales,
} from '@/server/db/schema';
import { resultsOut as resultsAreOut } from '@/features/presale/state';

export interface MyTicketPayment {
  id: string;
  status: string;
  method: 'card' | 'konbini';
  amountYen: number;
  paymentNumber: string | null;
  confirmationNumber: string | null;
  expiresAt: Date | null;
}

export interface MyTicketRow {
  presaleId: string;
  itemId: string;
  title: string;
  role: 'applicant' | 'companion';
  receiptNo: string;
  /**
   * applied, won, paid, lost, void, lapsed, refunded, or 'invited' / 'accepted' for a companion; a result shows from
   * the results time (a cancelled event's `refunded` at once).
   */
  status: string;
  tickets: number;
  appliedAt: Date;
  updatedAt: Date;
  resultsAt: Date;
  cancelled: boolean;
  paymentMethod: 'card' | 'konbini';
  /** The win: performance, seat type, choice and price (tickets × price), from the results time. */
  win: { performance: string; startsAt: Date; seatType: string; rank: number; amountYen: number } | null;
  /** A win's payment deadline (konbini, or the card's 48 hours after a refusal). */
  paymentDueAt: Date | null;
  /** The applicant's latest payment of the win (the companion sees none). */
  payment: MyTicketPayment | null;
  /**
   * 復活当選: `waiting` while a lost application stays in line, `won` when a second-chance round (its number) made it
   * win; null otherwise.
   */
  secondChance: { state: 'waiting' | 'won'; round: number | null } | null;
}

/** Every presale this member applied to or accompanies, newest first, for My page's チケット area. */
export async function myTickets(
  db: Db,
  siteId: string,
  memberId: string,
  now = new Date(),
): Promise<MyTicketRow[]> {
  const rows = await db
    .select({
      itemId: presales.itemId,
      title: contentItems.title,
      presale: {
        opensAt: presales.opensAt,
        closesAt: presales.closesAt,
        resultsAt: presales.resultsAt,
        drawnAt: presales.drawnAt,
        cancelledAt: presales.cancelledAt,
      },
      application: presaleApplications,
      participant: {
        memberId: presaleParticipants.memberId,
        role: presaleParticipants.role,
        status: presaleParticipants.companionStatus,
      },
      offering: { seatType: presaleOfferings.seatType, priceYen: presaleOfferings.priceYen },
      performance: { startsAt: presalePerformances.startsAt, venue: presalePerformances.venue },
      round: drawRounds.number,
    })
    .from(presaleApplications)
    .innerJoin(presales, eq(presales.id, presaleApplications.presaleId))
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .leftJoin(
      presaleParticipants,
      and(
        eq(presaleParticipants.applicationId, presaleApplications.id),
        eq(presaleParticipants.memberId, memberId),
      ),
    )
    .leftJoin(presaleOfferings, eq(presaleOfferings.id, presaleApplications.wonOfferingId))
    .leftJoin(presalePerformances, eq(presalePerformances.id, presaleOfferings.performanceId))
    .leftJoin(drawRounds, eq(drawRounds.id, presaleApplications.secondChanceRoundId))
    .where(
      and(
        eq(presales.siteId, siteId),
        isNull(presaleApplications.cancelledAt),
        or(eq(presaleApplications.memberId, memberId), eq(presaleParticipants.memberId, memberId)),
      ),
    )
    .orderBy(desc(presaleApplications.createdAt));
  const own = rows.filter((row) => row.application.memberId === memberId).map((row) => row.application.id);
  const payments = own.length
    ? await db
        .select()
        .from(oneOffPayments)
        .where(and(eq(oneOffPayments.memberId, memberId), inArray(oneOffPayments.presaleApplicationId, own)))
        .orderBy(desc(oneOffPayments.createdAt))
    : [];
  return rows.map(({ itemId, title, presale, application, participant, offering, performance, round }) => {
    const companion = application.memberId !== memberId;
    const resultsOut = resultsAreOut(presale, now) || application.status === 'refunded';
    const status = !resultsOut && application.status !== 'applied' ? 'applied' : application.status;
    const latest = resultsOut
      ? payments.find((payment) => payment.presaleApplicationId === application.id)
      : undefined;
    const won = resultsOut && offering && performance && application.wonRank !== null;
    return {
      presaleId: application.presaleId,
      itemId,
      title,
      role: companion ? 'companion' : 'applicant',
      receiptNo: application.receiptNo,
      status: companion && status === 'applied' ? (participant?.status ?? 'invited') : status,
      tickets: application.tickets,
      appliedAt: application.createdAt,
      updatedAt: application.updatedAt,
      resultsAt: presale.resultsAt,
      cancelled: presale.cancelledAt !== null,
      paymentMethod: application.paymentMethod,
      win: won
        ? {
            performance: performance.venue,
            startsAt: performance.startsAt,
            seatType: offering.seatType,
            rank: application.wonRank!,
            amountYen: offering.priceYen * application.tickets,
          }
        : null,
      paymentDueAt: resultsOut && !companion ? application.paymentDueAt : null,
      payment:
        latest && !companion
          ? {
              id: latest.id,
              status: latest.status,
              method: latest.method,
              amountYen: latest.amountYen,
              paymentNumber: latest.paymentNumber,
              confirmationNumber: latest.confirmationNumber,
              expiresAt: latest.expiresAt,
            }
          : null,
      secondChance: !resultsOut
        ? null
        : application.secondChanceRoundId
          ? { state: 'won', round }
          : application.status === 'lost' && application.secondChanceAt
            ? { state: 'waiting', round: null }
            : null,
    };
  });
}

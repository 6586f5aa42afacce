import 'server-only';
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/client';
import {
  contentItems,
  members,
  presaleApplications,
  presaleOfferings,
  presaleParticipants,
  presalePerformances,
  presales,
  resaleListings,
  tickets,
} from '@/server/db/schema';
import { formatMemberNumber } from '@/features/membership/server';
import type { ETicketView } from '@/features/tickets/types';
import { holderName } from './holders';

const holder = alias(members, 'holder');
const offeredTo = alias(members, 'offered_to');

export type TicketState = ETicketView['state'];

/** A ticket whose application is no longer paid (refunded at a cancelled event) is cancelled with it. */
export function ticketState(
  row: { status: string; checkedInAt: Date | null; applicationStatus: string; startsAt: Date },
  now: Date,
): TicketState {
  if (row.status === 'cancelled' || row.applicationStatus !== 'paid') return 'cancelled';
  if (row.checkedInAt) return 'used';
  // The day of the show is still the ticket's day: it is "past" from the next morning (Japan time).
  if (now.getTime() > row.startsAt.getTime() + 12 * 3_600_000) return 'past';
  return 'valid';
}

/** Whether a ticket can still be handed on: valid, not checked in, and the performance not yet begun. */
export const movable = (state: TicketState, startsAt: Date, now: Date) => state === 'valid' && now < startsAt;

/** The e-tickets My page shows: held by the member, or offered to them by an applicant (分配). */
export async function myETickets(
  db: Db,
  siteId: string,
  memberId: string,
  now = new Date(),
): Promise<ETicketView[]> {
  const rows = await db
    .select({
      ticket: tickets,
      title: contentItems.title,
      venue: presalePerformances.venue,
      startsAt: presalePerformances.startsAt,
      doorsAt: presalePerformances.doorsAt,
      seatType: presaleOfferings.seatType,
      revealAt: presales.seatsRevealAt,
      applicationStatus: presaleApplications.status,
      applicantId: presaleApplications.memberId,
      holder: {
        familyName: holder.familyName,
        givenName: holder.givenName,
        nickname: holder.nickname,
        memberNumber: holder.memberNumber,
      },
      offeredTo: { nickname: offeredTo.nickname },
      resale: resaleListings.status,
    })
    .from(tickets)
    .innerJoin(presales, eq(presales.id, tickets.presaleId))
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .innerJoin(presalePerformances, eq(presalePerformances.id, tickets.performanceId))
    .innerJoin(presaleOfferings, eq(presaleOfferings.id, tickets.offeringId))
    .innerJoin(presaleApplications, eq(presaleApplications.id, tickets.applicationId))
    .innerJoin(holder, eq(holder.id, tickets.holderMemberId))
    .leftJoin(offeredTo, eq(offeredTo.id, tickets.offeredToMemberId))
    // Its live 公式リセール listing, at most one (a unique index), read directly: tickets sits below resale in the
    // feature map. While there is one, the ticket is not handed on (分配).
    .leftJoin(
      resaleListings,
      and(eq(resaleListings.ticketId, tickets.id), inArray(resaleListings.status, ['listed', 'matched'])),
    )
    .where(
      and(
        eq(tickets.siteId, siteId),
        or(eq(tickets.holderMemberId, memberId), eq(tickets.offeredToMemberId, memberId)),
      ),
    )
    .orderBy(asc(presalePerformances.startsAt), asc(tickets.serial));
  const applicationIds = [...new Set(rows.map((row) => row.ticket.applicationId))];
  const companions = applicationIds.length
    ? await db
        .select({
          applicationId: presaleParticipants.applicationId,
          memberId: members.id,
          nickname: members.nickname,
          memberNumber: members.memberNumber,
        })
        .from(presaleParticipants)
        .innerJoin(members, eq(members.id, presaleParticipants.memberId))
        .where(
          and(
            inArray(presaleParticipants.applicationId, applicationIds),
            eq(presaleParticipants.role, 'companion'),
            eq(presaleParticipants.companionStatus, 'accepted'),
            ne(presaleParticipants.memberId, memberId),
          ),
        )
    : [];
  return rows.map((row) => {
    const state = ticketState(
      { ...row.ticket, applicationStatus: row.applicationStatus, startsAt: row.startsAt },
      now,
    );
    const revealed = row.revealAt !== null && now >= row.revealAt;
    const mine = row.ticket.holderMemberId === memberId;
    const canMove = mine && row.applicantId === memberId && movable(state, row.startsAt, now);
    return {
      id: row.ticket.id,
      title: row.title,
      venue: row.venue,
      startsAt: row.startsAt.toISOString(),
      doorsAt: row.doorsAt?.toISOString() ?? null,
      seatType: row.seatType,
      seat: revealed ? row.ticket.seatLabel : null,
      seatRevealAt: row.revealAt?.toISOString() ?? null,
      holderName: holderName(row.holder),
      holderNumber: row.holder.memberNumber ? formatMemberNumber(row.holder.memberNumber) : '',
      relation: !mine ? 'incoming' : row.ticket.offeredToMemberId ? 'offered' : 'held',
      offeredToName: row.ticket.offeredToMemberId ? (row.offeredTo?.nickname ?? '同行者') : null,
      state,
      checkedInAt: row.ticket.checkedInAt?.toISOString() ?? null,
      companions: canMove
        ? companions
            .filter((companion) => companion.applicationId === row.ticket.applicationId)
            .map((companion) => ({
              memberId: companion.memberId,
              name: companion.nickname ?? '同行者',
              number: companion.memberNumber ? formatMemberNumber(companion.memberNumber) : '',
            }))
        : [],
      movable: canMove || (!mine && movable(state, row.startsAt, now)),
      resale: row.resale === 'listed' || row.resale === 'matched' ? row.resale : null,
    };
  });
}

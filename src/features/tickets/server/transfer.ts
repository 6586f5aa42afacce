import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import {
  presaleApplications,
  presaleParticipants,
  presalePerformances,
  resaleListings,
  tickets,
} from '@/server/db/schema';
import { movable, ticketState } from './my-tickets';

async function lockTicket(tx: Db, siteId: string, ticketId: string) {
  const [row] = await tx
    .select({
      ticket: tickets,
      applicantId: presaleApplications.memberId,
      applicationStatus: presaleApplications.status,
      startsAt: presalePerformances.startsAt,
    })
    .from(tickets)
    .innerJoin(presaleApplications, eq(presaleApplications.id, tickets.applicationId))
    .innerJoin(presalePerformances, eq(presalePerformances.id, tickets.performanceId))
    .where(and(eq(tickets.id, ticketId), eq(tickets.siteId, siteId)))
    .for('update', { of: tickets })
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'チケットが見つかりません。');
  return row;
}

function assertMovable(row: Awaited<ReturnType<typeof lockTicket>>, now: Date): void {
  const state = ticketState(
    { ...row.ticket, applicationStatus: row.applicationStatus, startsAt: row.startsAt },
    now,
  );
  if (state === 'used') throw new AppError('CONFLICT', '入場済みのチケットは分配できません。');
  if (state === 'cancelled') throw new AppError('CONFLICT', 'キャンセルされたチケットは分配できません。');
  if (!movable(state, row.startsAt, now)) {
    throw new AppError('CONFLICT', '公演開始後のチケットは分配できません。');
  }
}

/**
 * A ticket in the official resale (decision 0049) stays its seller's until the buyer's payment moves it: a listing
 * `listed`, or `matched` (the buyer paying or paid, the move not yet made), keeps it from being handed on, or the move
 * would find it gone and the buyer would have paid for no seat. Read under the ticket's row lock, which the listing
 * takes too (the listing refuses a ticket with an open offer likewise), so the two exclude each other. The resale's
 * table is read directly: tickets sits below resale in the feature map.
 */
async function assertNotInResale(tx: Db, ticketId: string): Promise<void> {
  const [listing] = await tx
    .select({ status: resaleListings.status })
    .from(resaleListings)
    .where(and(eq(resaleListings.ticketId, ticketId), inArray(resaleListings.status, ['listed', 'matched'])))
    .limit(1);
  if (listing?.status === 'listed') {
    throw new AppError(
      'CONFLICT',
      'リセールに出品中のチケットは分配できません。出品を取り消してからお試しください。',
    );
  }
  if (listing) throw new AppError('CONFLICT', 'リセールで購入者が決まったチケットは分配できません。');
}

/**
 * 分配: the applicant offers one of the application's tickets to an accepted companion (or withdraws the offer with
 * null). It stays the applicant's until the companion accepts.
 */
export async function offerTicket(
  db: Db,
  siteId: string,
  memberId: string,
  ticketId: string,
  toMemberId: string | null,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTicket(tx, siteId, ticketId);
    if (row.ticket.holderMemberId !== memberId || row.applicantId !== memberId) {
      throw new AppError('FORBIDDEN', 'このチケットを分配できるのは申込者本人だけです。');
    }
    assertMovable(row, now);
    if (toMemberId) {
      // Taking an offer back (null) stays allowed: it only ends a hand-on.
      await assertNotInResale(tx, ticketId);
      const [companion] = await tx
        .select({ memberId: presaleParticipants.memberId })
        .from(presaleParticipants)
        .where(
          and(
            eq(presaleParticipants.applicationId, row.ticket.applicationId),
            eq(presaleParticipants.memberId, toMemberId),
            eq(presaleParticipants.role, 'companion'),
            eq(presaleParticipants.companionStatus, 'accepted'),
          ),
        )
        .limit(1);
      if (!companion) throw new AppError('VALIDATION', 'この申込の同行者にだけ分配できます。');
      const [already] = await tx
        .select({ id: tickets.id })
        .from(tickets)
        .where(
          and(
            eq(tickets.applicationId, row.ticket.applicationId),
            sql`(${tickets.holderMemberId} = ${toMemberId} OR ${tickets.offeredToMemberId} = ${toMemberId})`,
          ),
        )
        .limit(1);
      if (already) throw new AppError('CONFLICT', 'この同行者にはすでにチケットを分配しています。');
    }
    await tx.update(tickets).set({ offeredToMemberId: toMemberId }).where(eq(tickets.id, ticketId));
  });
}

/** The companion accepts: from now on the ticket, and its codes, are theirs. Once; a second accept changes nothing. */
export async function acceptTicket(
  db: Db,
  siteId: string,
  memberId: string,
  ticketId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTicket(tx, siteId, ticketId);
    if (row.ticket.holderMemberId === memberId) return;
    if (row.ticket.offeredToMemberId !== memberId) {
      throw new AppError('CONFLICT', 'このチケットの分配は取り消されました。');
    }
    assertMovable(row, now);
    // An offer made on a listed ticket before offers checked the resale may still be open: it is not taken either.
    await assertNotInResale(tx, ticketId);
    await tx
      .update(tickets)
      .set({
        holderMemberId: memberId,
        offeredToMemberId: null,
        holderVersion: sql`${tickets.holderVersion} + 1`,
      })
      .where(
        and(eq(tickets.id, ticketId), eq(tickets.offeredToMemberId, memberId), isNull(tickets.checkedInAt)),
      );
  });
}

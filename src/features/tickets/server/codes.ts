import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { presaleApplications, presalePerformances, tickets } from '@/server/db/schema';
import { memberStatus, type Member } from '@/features/membership/server';
import { NO_PERFORMANCE, WINDOW_SECONDS, tagOf, windowOf } from '@/features/tickets/code/format';
import type { CodeBatch } from '@/features/tickets/types';
import { shortCodeOf, signCode } from './keys';
import { ticketState } from './my-tickets';

/** Codes for this many windows from the current one: 6 minutes, so the phone keeps showing codes 5 minutes offline. */
export const BATCH_WINDOWS = 12;

/**
 * The member's living codes for the next windows: the member card's (while premium) and each valid ticket's they
 * hold. Each code is signed here, with a fresh nonce; the browser only shows them.
 */
export async function codeBatch(
  db: Db,
  siteId: string,
  member: Member,
  now = new Date(),
): Promise<CodeBatch> {
  const first = windowOf(now.getTime());
  const windows = Array.from({ length: BATCH_WINDOWS }, (_, i) => first + i * WINDOW_SECONDS);
  const subjects: CodeBatch['subjects'] = [];
  if (!member.memberNumber) return { serverNow: now.getTime(), windows, subjects };
  if ((await memberStatus(db, member.id, now)) === 'premium') {
    subjects.push({
      ref: 'card',
      codes: windows.map((start) =>
        signCode(
          siteId,
          {
            kind: 'card',
            subjectId: member.id,
            performanceTag: NO_PERFORMANCE,
            memberNumber: member.memberNumber!,
            holderVersion: 0,
          },
          start,
        ),
      ),
      short: [],
    });
  }
  for (const { ticket } of await validHeldTickets(db, siteId, member.id, now)) {
    subjects.push({
      ref: ticket.id,
      codes: windows.map((start) =>
        signCode(
          siteId,
          {
            kind: 'ticket',
            subjectId: ticket.id,
            performanceTag: tagOf(ticket.performanceId),
            memberNumber: member.memberNumber!,
            holderVersion: ticket.holderVersion,
          },
          start,
        ),
      ),
      short: windows.map((start) => shortCodeOf(siteId, ticket, start)),
    });
  }
  return { serverNow: now.getTime(), windows, subjects };
}

/** The tickets the member holds that the door would admit now (not used, cancelled or past), with their show's times. */
export async function validHeldTickets(db: Db, siteId: string, memberId: string, now: Date) {
  const held = await db
    .select({
      ticket: tickets,
      applicationStatus: presaleApplications.status,
      startsAt: presalePerformances.startsAt,
      doorsAt: presalePerformances.doorsAt,
    })
    .from(tickets)
    .innerJoin(presaleApplications, eq(presaleApplications.id, tickets.applicationId))
    .innerJoin(presalePerformances, eq(presalePerformances.id, tickets.performanceId))
    .where(and(eq(tickets.siteId, siteId), eq(tickets.holderMemberId, memberId)));
  return held.filter(
    ({ ticket, applicationStatus, startsAt }) =>
      ticketState({ ...ticket, applicationStatus, startsAt }, now) === 'valid',
  );
}

import 'server-only';
import type { Db } from '@/server/db/client';
import { memberStatus, type Member } from '@/features/membership/server';
import { NO_PERFORMANCE, tagOf } from '@/features/tickets/code/format';
import type { CodeBatch, OfflineCodes } from '@/features/tickets/types';
import { aheadWindow, aheadWindows, isAheadDay, signAhead } from './ahead';
import { validHeldTickets } from './codes';
import { shortCodeOf } from './keys';

/**
 * The day's codes signed ahead (decision 0054): for each ticket the member holds for a performance today, the codes
 * of its door window from now on; the member card's (while premium) over the same span. Nothing on any other day.
 */
export async function offlineCodes(
  db: Db,
  siteId: string,
  member: Member,
  now = new Date(),
): Promise<OfflineCodes> {
  const empty: OfflineCodes = { batch: { serverNow: now.getTime(), windows: [], subjects: [] }, until: null };
  if (!member.memberNumber) return empty;
  const today = (await validHeldTickets(db, siteId, member.id, now)).filter((row) => isAheadDay(row, now));
  if (today.length === 0) return empty;
  const spans = today.map((row) => aheadWindow(row));
  const span = {
    from: new Date(Math.min(...spans.map((item) => item.from.getTime()))),
    until: new Date(Math.max(...spans.map((item) => item.until.getTime()))),
  };
  const windows = aheadWindows(span, now);
  const subjects: CodeBatch['subjects'] = [];
  if ((await memberStatus(db, member.id, now)) === 'premium') {
    const card = {
      kind: 'card' as const,
      subjectId: member.id,
      performanceTag: NO_PERFORMANCE,
      memberNumber: member.memberNumber,
      holderVersion: 0,
    };
    subjects.push({ ref: 'card', codes: signAhead(siteId, card, windows), short: [] });
  }
  for (const [index, { ticket }] of today.entries()) {
    // Only the ticket's own door window is signed; its other windows stay empty, and the phone shows no code then.
    const own = new Set(aheadWindows(spans[index]!, now));
    const mine = windows.filter((start) => own.has(start));
    const signed = signAhead(
      siteId,
      {
        kind: 'ticket',
        subjectId: ticket.id,
        performanceTag: tagOf(ticket.performanceId),
        memberNumber: member.memberNumber,
        holderVersion: ticket.holderVersion,
      },
      mine,
    );
    const byStart = new Map(mine.map((start, i) => [start, signed[i]!]));
    subjects.push({
      ref: ticket.id,
      codes: windows.map((start) => byStart.get(start) ?? ''),
      short: windows.map((start) => (byStart.has(start) ? shortCodeOf(siteId, ticket, start) : '')),
    });
  }
  return { batch: { serverNow: now.getTime(), windows, subjects }, until: span.until.getTime() };
}

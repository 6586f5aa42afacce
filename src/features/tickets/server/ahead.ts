import 'server-only';
import { createHmac, hkdfSync } from 'node:crypto';
import { jstDay } from '@/lib/dates';
import { env } from '@/server/env';
import { WINDOW_SECONDS, toBase64Url, windowOf } from '@/features/tickets/code/format';
import type { ETicketView, OfflineCopy } from '@/features/tickets/types';
import { signCode, type CodeSubject } from './keys';

/**
 * Codes signed ahead for a phone with no signal (issue 43, decision 0054): on the day of a performance, the living
 * codes of every 30-second window of its door window, each an ordinary living code that the door checks as it always
 * does (signature, its own window by the door's clock, the roster's holder, first scan). Nothing new is trusted.
 */

/** Codes are signed ahead up to this long after the start (late comers); the door window opens at 開場. */
export const AFTER_START_MS = 3_600_000;
/** Bounds one day's batch (two shows a day fit): 16 hours of 30-second windows. */
export const MAX_AHEAD_WINDOWS = (16 * 3_600) / WINDOW_SECONDS;

export interface AheadWindow {
  from: Date;
  until: Date;
}

/** The window codes are signed ahead for: from the opening time (the start when none is set) to an hour after the start. */
export function aheadWindow(performance: { startsAt: Date; doorsAt: Date | null }): AheadWindow {
  return {
    from: performance.doorsAt ?? performance.startsAt,
    until: new Date(performance.startsAt.getTime() + AFTER_START_MS),
  };
}

/** Whether `now` is on the performance's day (Japan time) and before its door window ends: codes may be signed ahead. */
export function isAheadDay(performance: { startsAt: Date; doorsAt: Date | null }, now: Date): boolean {
  return jstDay(performance.startsAt) === jstDay(now) && now < aheadWindow(performance).until;
}

/** The window starts (Unix seconds) from the current window or the door window's first, whichever is later, to its end. */
export function aheadWindows(window: AheadWindow, now: Date): number[] {
  const first = Math.max(windowOf(now.getTime()), windowOf(window.from.getTime()));
  const end = window.until.getTime() / 1000;
  const starts: number[] = [];
  for (let start = first; start < end && starts.length < MAX_AHEAD_WINDOWS; start += WINDOW_SECONDS) {
    starts.push(start);
  }
  return starts;
}

/** One subject's codes for the given windows, each signed now with its own nonce. */
export function signAhead(
  siteId: string,
  subject: CodeSubject,
  windows: number[],
  secret?: string,
): string[] {
  return windows.map((start) => signCode(siteId, subject, start, secret));
}

/**
 * The name under which a member's offline copy is kept on the phone: opaque (an HMAC of site and account), so that
 * the cache's name says nothing about who it is, and another account on the same browser never finds it.
 */
export function offlineKeyOf(siteId: string, uid: string, secret = env.TICKET_SIGNING_SECRET): string {
  const key = Buffer.from(hkdfSync('sha256', secret, 'fc-offline-copy', siteId, 32));
  return toBase64Url(createHmac('sha256', key).update(`${siteId}|${uid}`).digest().subarray(0, 18));
}

/**
 * What My page tells the phone about its offline copy: the member's opaque key, and whether to keep a copy now (a
 * ticket they hold for a performance today whose door window has not ended).
 */
export function offlineCopyFor(
  siteId: string,
  uid: string,
  tickets: Pick<ETicketView, 'state' | 'relation' | 'startsAt' | 'doorsAt'>[],
  now = new Date(),
): OfflineCopy {
  const keep = tickets.some(
    (ticket) =>
      ticket.state === 'valid' &&
      ticket.relation !== 'incoming' &&
      isAheadDay(
        { startsAt: new Date(ticket.startsAt), doorsAt: ticket.doorsAt ? new Date(ticket.doorsAt) : null },
        now,
      ),
  );
  return { key: offlineKeyOf(siteId, uid), keep };
}

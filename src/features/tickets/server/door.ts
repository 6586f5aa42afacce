import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import {
  contentItems,
  members,
  presaleApplications,
  presalePerformances,
  presales,
  ticketScans,
  tickets,
} from '@/server/db/schema';
import { formatMemberNumber, memberStatus } from '@/features/membership/server';
import { accessLabel } from '@/features/presale';
import { checkCode } from '@/features/tickets/code/check';
import { WINDOW_SECONDS, tagOf, windowOf } from '@/features/tickets/code/format';
import { REFUSALS, type RefusalReason } from '@/features/tickets/code/reasons';
import { normalizeShortCode } from '@/features/tickets/code/short-code';
import type { DoorResult, DoorRoster, DoorScan } from '@/features/tickets/types';
import { doorWindow, lastDoorSync, offlineScanTime } from './door-time';
import { holderName } from './holders';
import { publicKeysOf, serverCheck, shortCodeOf } from './keys';
import { ticketState } from './my-tickets';

/** The performances of the site's presales that have e-tickets, soonest first, for the door's choice. */
export async function doorPerformances(db: Db, siteId: string) {
  const rows = await db
    .selectDistinct({
      id: presalePerformances.id,
      title: contentItems.title,
      venue: presalePerformances.venue,
      startsAt: presalePerformances.startsAt,
    })
    .from(presalePerformances)
    .innerJoin(presales, eq(presales.id, presalePerformances.presaleId))
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .innerJoin(tickets, eq(tickets.performanceId, presalePerformances.id))
    .where(eq(presales.siteId, siteId))
    .orderBy(asc(presalePerformances.startsAt));
  return rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString() }));
}

async function performanceOf(db: Db, siteId: string, performanceId: string) {
  const [row] = await db
    .select({
      id: presalePerformances.id,
      venue: presalePerformances.venue,
      startsAt: presalePerformances.startsAt,
      doorsAt: presalePerformances.doorsAt,
    })
    .from(presalePerformances)
    .innerJoin(presales, eq(presales.id, presalePerformances.presaleId))
    .where(and(eq(presalePerformances.id, performanceId), eq(presales.siteId, siteId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', '公演が見つかりません。');
  return row;
}

const ticketColumns = {
  ticket: tickets,
  applicationStatus: presaleApplications.status,
  accessNeed: presaleApplications.accessNeed,
  accessNote: presaleApplications.accessNote,
  startsAt: presalePerformances.startsAt,
  holder: {
    familyName: members.familyName,
    givenName: members.givenName,
    nickname: members.nickname,
    memberNumber: members.memberNumber,
  },
};

function ticketQuery(db: Db) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(presaleApplications, eq(presaleApplications.id, tickets.applicationId))
    .innerJoin(presalePerformances, eq(presalePerformances.id, tickets.performanceId))
    .innerJoin(members, eq(members.id, tickets.holderMemberId));
}

/** What the door keeps on its device to check this performance offline: public keys and each ticket's holder. */
export async function doorRoster(
  db: Db,
  siteId: string,
  performanceId: string,
  now = new Date(),
  /** Staff with `members:contact` also see each ticket's accessibility request (decision 0053). */
  seesAccess = false,
): Promise<DoorRoster> {
  const performance = await performanceOf(db, siteId, performanceId);
  const rows = await ticketQuery(db)
    .where(and(eq(tickets.siteId, siteId), eq(tickets.performanceId, performanceId)))
    .orderBy(asc(tickets.serial));
  return {
    siteTag: tagOf(siteId),
    performanceId,
    performanceTag: tagOf(performanceId),
    label: `${performance.venue}（${performance.startsAt.toISOString()}）`,
    keys: publicKeysOf(siteId),
    fetchedAt: now.getTime(),
    tickets: rows.map((row) => {
      const state = ticketState(
        { ...row.ticket, applicationStatus: row.applicationStatus, startsAt: row.startsAt },
        now,
      );
      return {
        id: row.ticket.id,
        holderName: holderName(row.holder),
        memberNumber: row.holder.memberNumber ?? 0,
        holderVersion: row.ticket.holderVersion & 0xff,
        seat: row.ticket.seatLabel,
        state: state === 'used' ? 'used' : state === 'cancelled' ? 'cancelled' : 'valid',
        checkedInAt: row.ticket.checkedInAt?.toISOString() ?? null,
        ...(seesAccess ? { access: accessLabel(row.accessNeed, row.accessNote) } : {}),
      };
    }),
  };
}

type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketQuery>['limit']>>[number];

type Judged = DoorResult & { ticketId?: string };

const refuse = (clientScanId: string, reason: RefusalReason, extra: Partial<Judged> = {}): Judged => ({
  clientScanId,
  outcome: 'refused',
  reason,
  message: REFUSALS[reason],
  ...extra,
});

async function findByShortCode(db: Db, siteId: string, performanceId: string, short: string, at: Date) {
  const parsed = normalizeShortCode(short);
  if (!parsed) return null;
  const [row] = await ticketQuery(db)
    .where(
      and(
        eq(tickets.siteId, siteId),
        eq(tickets.performanceId, performanceId),
        eq(tickets.serial, parsed.serial),
      ),
    )
    .limit(1);
  if (!row) return null;
  const current = windowOf(at.getTime());
  for (const start of [current, current - WINDOW_SECONDS]) {
    const expected = Buffer.from(shortCodeOf(siteId, row.ticket, start));
    const given = Buffer.from(
      short.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0'),
    );
    if (given.length === expected.length && timingSafeEqual(given, expected)) return row;
  }
  return null;
}

/** What bounds an offline scan's claimed time at this performance, for this device (docs/decisions/0036). */
export interface ScanBounds {
  window: { from: Date; until: Date };
  lastSync: Date | null;
}

/** The door window of the performance and the device's (staff session's) last sync, read once per batch. */
export async function scanBounds(
  db: Db,
  siteId: string,
  performanceId: string,
  device: string | null,
): Promise<ScanBounds> {
  const performance = await performanceOf(db, siteId, performanceId);
  return { window: doorWindow(performance), lastSync: await lastDoorSync(db, device, performanceId) };
}

/**
 * One scan at the door, checked again on the server and recorded once (by the device's scan id): the code, its
 * ticket in the database, and check-in as a conditional update, so a ticket is admitted once whatever arrives at once.
 * A scan the door admitted offline that finds the ticket already used is a `duplicate`, flagged for staff.
 */
export async function checkIn(
  db: Db,
  siteId: string,
  staffUid: string,
  performanceId: string,
  scan: DoorScan,
  now = new Date(),
  bounds?: ScanBounds,
  /** Staff with `members:contact` also see the ticket's accessibility request (decision 0053). */
  seesAccess = false,
): Promise<DoorResult> {
  const [earlier] = await db
    .select()
    .from(ticketScans)
    .where(and(eq(ticketScans.siteId, siteId), eq(ticketScans.clientScanId, scan.clientScanId)))
    .limit(1);
  if (earlier) {
    return {
      clientScanId: scan.clientScanId,
      outcome: earlier.outcome,
      message: earlier.reason ?? '入場できます。',
    };
  }
  // An offline scan is judged at the time the door saw it, if that time is believable; an online one now.
  let at = now;
  let result: Judged;
  const time = scan.offline
    ? offlineScanTime(scan.scannedAt, {
        ...(bounds ?? (await scanBounds(db, siteId, performanceId, null))),
        now,
      })
    : null;
  if (time && !time.ok) result = refuse(scan.clientScanId, time.reason);
  else {
    if (time) at = time.at;
    result = await judge(db, siteId, staffUid, performanceId, scan, at, now);
  }
  if (result.outcome !== 'member') {
    await db
      .insert(ticketScans)
      .values({
        siteId,
        clientScanId: scan.clientScanId,
        ticketId: result.ticketId ?? null,
        performanceId,
        scannedAt: at,
        outcome: result.outcome === 'refused' ? 'refused' : result.outcome,
        reason: result.outcome === 'admitted' ? null : result.message,
        staffUid,
        offline: scan.offline ? 1 : 0,
      })
      .onConflictDoNothing();
  }
  delete result.ticketId;
  if (!seesAccess) delete result.access;
  return result;
}

async function judge(
  db: Db,
  siteId: string,
  staffUid: string,
  performanceId: string,
  scan: DoorScan,
  at: Date,
  now: Date,
): Promise<Judged> {
  const id = scan.clientScanId;
  let row: TicketRow | null = null;
  if (scan.short) {
    row = await findByShortCode(db, siteId, performanceId, scan.short, at);
    if (!row) return refuse(id, 'forged');
  } else {
    const checked = await checkCode(scan.code ?? '', {
      siteTag: tagOf(siteId),
      performanceTag: tagOf(performanceId),
      nowSeconds: Math.floor(at.getTime() / 1000),
      verify: serverCheck(siteId),
    });
    if (!checked.ok) return refuse(id, checked.reason);
    const code = checked.code;
    if (code.kind === 'card') {
      const [member] = await db
        .select()
        .from(members)
        .where(and(eq(members.id, code.subjectId), eq(members.siteId, siteId)))
        .limit(1);
      if (!member || member.memberNumber !== code.memberNumber) return refuse(id, 'forged');
      const who = { holderName: holderName(member), memberNumber: formatMemberNumber(code.memberNumber) };
      if ((await memberStatus(db, member.id, now)) !== 'premium') return refuse(id, 'lapsed', who);
      return { clientScanId: id, outcome: 'member', message: '有効な会員証です。', ...who };
    }
    const [found] = await ticketQuery(db)
      .where(and(eq(tickets.id, code.subjectId), eq(tickets.siteId, siteId)))
      .limit(1);
    if (!found) return refuse(id, 'unknown');
    row = found;
    if (
      (row.ticket.holderVersion & 0xff) !== code.holderVersion ||
      row.holder.memberNumber !== code.memberNumber
    ) {
      return refuse(id, 'moved', { ticketId: row.ticket.id });
    }
  }
  const who = {
    ticketId: row.ticket.id,
    holderName: holderName(row.holder),
    memberNumber: row.holder.memberNumber ? formatMemberNumber(row.holder.memberNumber) : '',
    seat: row.ticket.seatLabel,
    access: accessLabel(row.accessNeed, row.accessNote) ?? undefined,
  };
  if (row.ticket.performanceId !== performanceId) return refuse(id, 'another-performance', who);
  const state = ticketState(
    { ...row.ticket, applicationStatus: row.applicationStatus, startsAt: row.startsAt },
    now,
  );
  if (state === 'cancelled') return refuse(id, 'cancelled', who);
  const [admitted] = await db
    .update(tickets)
    .set({ checkedInAt: at, checkedInBy: staffUid })
    .where(and(eq(tickets.id, row.ticket.id), isNull(tickets.checkedInAt), eq(tickets.status, 'issued')))
    .returning({ checkedInAt: tickets.checkedInAt });
  if (admitted) {
    return {
      clientScanId: id,
      outcome: 'admitted',
      message: '入場できます。',
      ...who,
      checkedInAt: at.toISOString(),
    };
  }
  const [used] = await db
    .select({ checkedInAt: tickets.checkedInAt })
    .from(tickets)
    .where(eq(tickets.id, row.ticket.id))
    .limit(1);
  const checkedInAt = used?.checkedInAt?.toISOString();
  if (scan.offline) {
    return {
      clientScanId: id,
      outcome: 'duplicate',
      reason: 'used',
      message: `重複入場の疑い：このチケットは別の読み取りで入場済みです。${REFUSALS.used}`,
      ...who,
      ...(checkedInAt ? { checkedInAt } : {}),
    };
  }
  return refuse(id, 'used', { ...who, ...(checkedInAt ? { checkedInAt } : {}) });
}

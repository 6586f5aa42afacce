import 'server-only';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  presalePerformances,
  presales,
  resaleListings,
  resaleMatches,
  resaleRounds,
  resaleWaits,
} from '@/server/db/schema';
import { notifyMany, type NoticeInput } from '@/features/notices/server';
import { drawRound } from './draw';
import { seatOf } from './shared';

const HOUR = 3_600_000;
const JST_OFFSET = 9 * HOUR;

/** The match times ('HH:MM', Japan time, comma-separated) as minutes of the day; bad parts are ignored. */
export function matchMinutes(times: string): number[] {
  return times
    .split(',')
    .map((part) => /^\s*([01]?\d|2[0-3]):([0-5]\d)\s*$/.exec(part))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Number(match[1]) * 60 + Number(match[2]))
    .sort((a, b) => a - b);
}

/** The latest scheduled match time at or before `now` (a Date), or null when none has come yet today or yesterday. */
export function latestSlot(times: string, now: Date): Date | null {
  const minutes = matchMinutes(times);
  if (minutes.length === 0) return null;
  const jst = new Date(now.getTime() + JST_OFFSET);
  const midnight = Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth(), jst.getUTCDate()) - JST_OFFSET;
  for (const day of [0, -1]) {
    for (const minute of [...minutes].reverse()) {
      const slot = midnight + day * 24 * HOUR + minute * 60_000;
      if (slot <= now.getTime()) return new Date(slot);
    }
  }
  return null;
}

export interface RoundOutcome {
  roundId: string;
  seats: number;
  entries: number;
  matched: number;
}

/**
 * One match round of a presale's resale, once per slot (the scheduled time, or the minute of a staff trigger): under
 * the presale's row lock, the round's row (unique per slot) is written first, then the listed seats are drawn among
 * the waiting members and each winner gets one match (due for payment) holding as many listings as they asked
 * for. Everything is one transaction: a crash leaves no half round, two callers at once make one round. Null when
 * the slot was already run.
 */
export async function runRound(db: Db, presaleId: string, slot: Date, now = new Date()) {
  return db.transaction(async (tx): Promise<RoundOutcome | null> => {
    const [presale] = await tx.select().from(presales).where(eq(presales.id, presaleId)).for('update');
    if (!presale?.resaleUntil || presale.cancelledAt) return null;
    const [round] = await tx
      .insert(resaleRounds)
      .values({ siteId: presale.siteId, presaleId, slot, seats: 0, entries: 0, matched: 0, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!round) return null;
    // Seats of performances not yet begun, oldest listing first within an offering (sellers wait in turn).
    const listed = await tx
      .select({
        id: resaleListings.id,
        offeringId: resaleListings.offeringId,
        seller: resaleListings.sellerMemberId,
      })
      .from(resaleListings)
      .innerJoin(presalePerformances, eq(presalePerformances.id, resaleListings.performanceId))
      .where(
        and(
          eq(resaleListings.presaleId, presaleId),
          eq(resaleListings.status, 'listed'),
          sql`${presalePerformances.startsAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(resaleListings.createdAt), asc(resaleListings.id))
      .for('update', { of: resaleListings });
    const seats = new Map<string, typeof listed>();
    for (const row of listed) seats.set(row.offeringId, [...(seats.get(row.offeringId) ?? []), row]);
    const waits = await tx
      .select()
      .from(resaleWaits)
      .where(
        and(
          eq(resaleWaits.presaleId, presaleId),
          eq(resaleWaits.status, 'waiting'),
          inArray(resaleWaits.offeringId, [...seats.keys(), '00000000-0000-0000-0000-000000000000']),
        ),
      )
      .for('update');
    const { allocation, recordId } = await drawRound(
      waits.map((wait) => ({ id: wait.id, tickets: wait.tickets, choices: [wait.offeringId] })),
      [...seats].map(([id, rows]) => ({ id, capacity: rows.length })),
    );
    const dueAt = new Date(now.getTime() + presale.konbiniDeadlineDays * 24 * HOUR);
    const won: NoticeInput<'resale-won'>[] = [];
    const sellers: NoticeInput<'resale-matched'>[] = [];
    let matched = 0;
    for (const wait of waits) {
      const offeringId = allocation.get(wait.id);
      if (!offeringId) continue;
      const taken = seats.get(offeringId)!.splice(0, wait.tickets);
      const [listing] = await tx
        .select({ faceValueYen: resaleListings.faceValueYen })
        .from(resaleListings)
        .where(eq(resaleListings.id, taken[0]!.id));
      const amountYen = listing!.faceValueYen * taken.length;
      const [match] = await tx
        .insert(resaleMatches)
        .values({
          siteId: presale.siteId,
          presaleId,
          roundId: round.id,
          waitId: wait.id,
          memberId: wait.memberId,
          offeringId,
          tickets: taken.length,
          amountYen,
          paymentDueAt: dueAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx
        .update(resaleListings)
        .set({ status: 'matched', matchId: match!.id, updatedAt: now })
        .where(
          and(
            inArray(
              resaleListings.id,
              taken.map((row) => row.id),
            ),
            eq(resaleListings.status, 'listed'),
          ),
        );
      await tx
        .update(resaleWaits)
        .set({ status: 'matched', updatedAt: now })
        .where(eq(resaleWaits.id, wait.id));
      const { title, seat } = await seatOf(tx, offeringId);
      won.push({
        siteId: presale.siteId,
        memberId: wait.memberId,
        kind: 'resale-won',
        key: `resale-won:${match!.id}`,
        data: {
          title,
          seat,
          tickets: taken.length,
          amountYen,
          method: wait.paymentMethod,
          dueAt: dueAt.toISOString(),
        },
      });
      for (const row of taken) {
        sellers.push({
          siteId: presale.siteId,
          memberId: row.seller,
          kind: 'resale-matched',
          key: `resale-matched:${row.id}:${match!.id}`,
          data: { title, seat },
        });
      }
      matched += taken.length;
    }
    await notifyMany(tx, won);
    await notifyMany(tx, sellers);
    await tx
      .update(resaleRounds)
      .set({ seats: listed.length, entries: waits.length, matched, drawRecordId: recordId })
      .where(eq(resaleRounds.id, round.id));
    return { roundId: round.id, seats: listed.length, entries: waits.length, matched };
  });
}

/** Presales whose resale is on (a deadline set, not cancelled): the match job's list. */
export async function presalesWithResale(db: Db) {
  return db
    .select({ id: presales.id, resaleMatchTimes: presales.resaleMatchTimes })
    .from(presales)
    .where(and(isNotNull(presales.resaleUntil), sql`${presales.cancelledAt} is null`));
}

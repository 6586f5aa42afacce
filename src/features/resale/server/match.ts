import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { pgArray } from '@/server/db/raw';
import { presalePerformances, presales, resaleListings, resaleRounds, resaleWaits } from '@/server/db/schema';
import { notifyMany, type NoticeInput } from '@/features/notices/server';
import { drawSecondRound } from '@/features/presale/server';
import { seatOf } from './shared';

const HOUR = 3_600_000;
const JST_OFFSET = 9 * HOUR;
/** Matches no offering: keeps `in (...)` valid when nothing is listed. */
const NO_OFFERING = '00000000-0000-0000-0000-000000000000';
/** Matches (or seats) per statement: each column one array parameter. */
const BATCH = 5_000;

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
  /** The second round's number in the presale's draw (its record: /api/presales/{id}/rounds/{n}/record). */
  number: number | null;
  seats: number;
  entries: number;
  matched: number;
}

/**
 * Listed seats of performances not yet begun, oldest listing first within an offering (sellers wait in turn). The
 * show's start, not its doors: a seat listed on the day is still drawn while the doors are open (the demo's show of
 * the day does), and its match is then due by the start (runRound).
 */
function listedSeats(tx: Db, presaleId: string, now: Date) {
  return tx
    .select({
      id: resaleListings.id,
      offeringId: resaleListings.offeringId,
      seller: resaleListings.sellerMemberId,
      faceValueYen: resaleListings.faceValueYen,
      startsAt: presalePerformances.startsAt,
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
    .orderBy(asc(resaleListings.createdAt), asc(resaleListings.id));
}

function bySeatType<T extends { offeringId: string }>(rows: T[]): Map<string, T[]> {
  const seats = new Map<string, T[]>();
  for (const row of rows) seats.set(row.offeringId, [...(seats.get(row.offeringId) ?? []), row]);
  return seats;
}

/**
 * One match round of a presale's resale, once per slot (the scheduled time, or the minute of a staff trigger).
 *
 * 1. The returned seats and the waiting members are drawn by the second-round engine (drawSecondRound, keyed
 *    `resale:<slot>`): fc-draw-v1 with its own published record linked to the presale's first, frozen and drawn once
 *    whoever calls. A drand round not out yet answers `waiting`: the next tick calls again with the same key.
 * 2. The allocation is applied in one transaction under the presale's row lock, keyed by the slot (resale_rounds'
 *    unique key): each winner whose wait is still open gets one match (due for payment) holding as many still-listed
 *    seats as they asked for. A seat withdrawn between the freeze and now is simply not given (the winner keeps
 *    waiting). Null when the slot was already applied or the draw waits for its beacon.
 */
export async function runRound(
  db: Db,
  presaleId: string,
  slot: Date,
  now = new Date(),
  drawOptions: Parameters<typeof drawSecondRound>[2] = {},
): Promise<RoundOutcome | null> {
  const [presale] = await db.select().from(presales).where(eq(presales.id, presaleId));
  if (!presale?.resaleUntil || presale.cancelledAt || !presale.recordFile) return null;
  const [applied] = await db
    .select({ id: resaleRounds.id })
    .from(resaleRounds)
    .where(and(eq(resaleRounds.presaleId, presaleId), eq(resaleRounds.slot, slot)));
  if (applied) return null;
  const seats = bySeatType(await listedSeats(db, presaleId, now));
  const waits = await db
    .select({ id: resaleWaits.id, tickets: resaleWaits.tickets, offeringId: resaleWaits.offeringId })
    .from(resaleWaits)
    .where(
      and(
        eq(resaleWaits.presaleId, presaleId),
        eq(resaleWaits.status, 'waiting'),
        inArray(resaleWaits.offeringId, [...seats.keys(), NO_OFFERING]),
      ),
    );
  const outcome = await drawSecondRound(
    db,
    {
      siteId: presale.siteId,
      presaleId,
      kind: 'resale',
      key: `resale:${slot.toISOString()}`,
      entries: waits.map((wait) => ({ id: wait.id, tickets: wait.tickets, choices: [wait.offeringId] })),
      offerings: [...seats].map(([id, rows]) => ({ id, capacity: rows.length })),
    },
    drawOptions,
  );
  if (outcome.status === 'waiting') return null;
  const allocation = outcome.status === 'drawn' ? outcome.allocation : new Map<string, null>();
  return db.transaction(async (tx): Promise<RoundOutcome | null> => {
    const [locked] = await tx
      .select({ cancelledAt: presales.cancelledAt })
      .from(presales)
      .where(eq(presales.id, presaleId))
      .for('update');
    // Cancelled (中止) since it was read: no match is made for an event that will not take place.
    if (!locked || locked.cancelledAt) return null;
    const [round] = await tx
      .insert(resaleRounds)
      .values({
        siteId: presale.siteId,
        presaleId,
        slot,
        seats: [...seats.values()].reduce((sum, rows) => sum + rows.length, 0),
        entries: waits.length,
        matched: 0,
        drawRecordId: outcome.status === 'drawn' ? String(outcome.number) : null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!round) return null;
    const open = bySeatType(await listedSeats(tx, presaleId, now).for('update', { of: resaleListings }));
    const winners = [...allocation].filter(([, won]) => won !== null).map(([id]) => id);
    const stillWaiting = winners.length
      ? await tx
          .select()
          .from(resaleWaits)
          .where(and(inArray(resaleWaits.id, winners), eq(resaleWaits.status, 'waiting')))
          .for('update')
      : [];
    const konbiniDue = now.getTime() + presale.konbiniDeadlineDays * 24 * HOUR;
    // Winners in the record's order (not the order rows come back in): the same round gives the same seats.
    const waitById = new Map(stillWaiting.map((wait) => [wait.id, wait]));
    const seatNames = new Map<string, { title: string; seat: string }>();
    const matches: {
      id: string;
      waitId: string;
      memberId: string;
      offeringId: string;
      tickets: number;
      amountYen: number;
      dueAt: string;
    }[] = [];
    const taking: { listingId: string; matchId: string }[] = [];
    const won: NoticeInput<'resale-won'>[] = [];
    const sellers: NoticeInput<'resale-matched'>[] = [];
    let matched = 0;
    for (const waitId of winners) {
      const wait = waitById.get(waitId);
      if (!wait) continue;
      const offeringId = allocation.get(wait.id)!.offering;
      const available = open.get(offeringId) ?? [];
      if (available.length < wait.tickets) continue;
      const taken = available.splice(0, wait.tickets);
      const amountYen = taken.reduce((sum, row) => sum + row.faceValueYen, 0);
      // Due by the show's start at the latest: paid after it, the buyer would pay for a show already begun, which
      // the seller may have entered with the seat. listedSeats keeps only shows still to start: this is after `now`.
      const dueAt = new Date(Math.min(konbiniDue, taken[0]!.startsAt.getTime())).toISOString();
      const matchId = randomUUID();
      matches.push({
        id: matchId,
        waitId: wait.id,
        memberId: wait.memberId,
        offeringId,
        tickets: taken.length,
        amountYen,
        dueAt,
      });
      for (const row of taken) taking.push({ listingId: row.id, matchId });
      if (!seatNames.has(offeringId)) seatNames.set(offeringId, await seatOf(tx, offeringId));
      const { title, seat } = seatNames.get(offeringId)!;
      won.push({
        siteId: presale.siteId,
        memberId: wait.memberId,
        kind: 'resale-won',
        key: `resale-won:${matchId}`,
        data: {
          title,
          seat,
          tickets: taken.length,
          amountYen,
          method: wait.paymentMethod,
          dueAt,
        },
      });
      for (const row of taken) {
        sellers.push({
          siteId: presale.siteId,
          memberId: row.seller,
          kind: 'resale-matched',
          key: `resale-matched:${row.id}:${matchId}`,
          data: { title, seat },
        });
      }
      matched += taken.length;
    }
    // Set-based: a round of thousands of matches is a few statements over arrays, not a few per match, nor one
    // parameter per value (npm run bench:resale: 5,000 seats among 20,000 members).
    for (let start = 0; start < matches.length; start += BATCH) {
      const part = matches.slice(start, start + BATCH);
      const column = (pick: (match: (typeof part)[number]) => string | number) => pgArray(part.map(pick));
      await tx.execute(sql`
        insert into resale_matches (id, site_id, presale_id, round_id, wait_id, member_id, offering_id, tickets,
          amount_yen, payment_due_at, created_at, updated_at)
        select v.id, ${presale.siteId}::uuid, ${presaleId}::uuid, ${round.id}::uuid, v.wait_id, v.member_id,
          v.offering_id, v.tickets, v.amount_yen, v.payment_due_at,
          ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from unnest(${column((m) => m.id)}::uuid[], ${column((m) => m.waitId)}::uuid[],
          ${column((m) => m.memberId)}::uuid[], ${column((m) => m.offeringId)}::uuid[],
          ${column((m) => m.tickets)}::int[], ${column((m) => m.amountYen)}::int[],
          ${column((m) => m.dueAt)}::timestamptz[])
          as v(id, wait_id, member_id, offering_id, tickets, amount_yen, payment_due_at)`);
      await tx.execute(sql`
        update resale_waits set status = 'matched', updated_at = ${now.toISOString()}::timestamptz
        where id = any(${column((m) => m.waitId)}::uuid[])`);
    }
    for (let start = 0; start < taking.length; start += BATCH) {
      const part = taking.slice(start, start + BATCH);
      await tx.execute(sql`
        update resale_listings l set status = 'matched', match_id = v.match_id,
          updated_at = ${now.toISOString()}::timestamptz
        from unnest(${pgArray(part.map((t) => t.listingId))}::uuid[],
          ${pgArray(part.map((t) => t.matchId))}::uuid[]) as v(id, match_id)
        where l.id = v.id and l.status = 'listed'`);
    }
    await notifyMany(tx, won);
    await notifyMany(tx, sellers);
    await tx.update(resaleRounds).set({ matched }).where(eq(resaleRounds.id, round.id));
    return {
      roundId: round.id,
      number: outcome.status === 'drawn' ? outcome.number : null,
      seats: round.seats,
      entries: round.entries,
      matched,
    };
  });
}

/** Presales whose resale is on (a deadline set, not cancelled): the match job's list. */
export async function presalesWithResale(db: Db) {
  return db
    .select({ id: presales.id, resaleMatchTimes: presales.resaleMatchTimes })
    .from(presales)
    .where(and(isNotNull(presales.resaleUntil), sql`${presales.cancelledAt} is null`));
}

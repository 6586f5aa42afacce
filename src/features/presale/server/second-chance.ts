import 'server-only';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import {
  drawRounds,
  presaleApplications,
  presaleChoices,
  presaleOfferings,
  presaleReleasedSeats,
  presales,
} from '@/server/db/schema';
import { konbiniDeadline } from '@/server/payments/sandbox-konbini';
import { assertCan, recordAudit, type StaffActor } from '@/features/staff/server';
import { notifyMany, type NoticeInput } from '@/features/notices/server';
import { drawRecordSchema, type DrawEntry, type DrawOffering } from '@/features/presale/draw';
import { formatJst } from '@/features/presale/components/labels';
import { participantsOf, winsOf } from './results';
import { titleOfPresale } from './settle';
import { drawSecondRound, SecondRoundError, type SecondRoundOutcome } from './second-round';
import type { BeaconSettings, DrandSource } from './beacon';

/*
 * 復活当選 (issue 41, part 3): members who lost choose to stay in line; seats that come back (a win lapsed unpaid, or
 * 制作開放席 the staff release) are drawn among them in a second round (second-round.ts), and each winner's
 * application becomes a win like the first round's: the presale job charges the card or issues the konbini voucher,
 * within the presale's konbini deadline, and lapses it if unpaid (its seats then come back again).
 */

const NOT_LOST = '落選したお申し込みだけが、復活当選の抽選を待つことができます。';

/** Whether results are out and the presale still runs: the only time the line exists. */
async function openPresale(db: Db, siteId: string, presaleId: string) {
  const [presale] = await db
    .select()
    .from(presales)
    .where(and(eq(presales.id, presaleId), eq(presales.siteId, siteId)));
  if (!presale) throw new AppError('NOT_FOUND', 'この先行受付は見つかりません。');
  if (!presale.resultsAnnouncedAt) throw new AppError('CONFLICT', 'まだ当落発表の前です。');
  if (presale.cancelledAt) throw new AppError('CONFLICT', 'この公演は中止になりました。');
  return presale;
}

/**
 * 「復活当選を希望する」 (or to leave the line): the member's own lost application. Idempotent: a second click
 * changes nothing. Leaving does not change a round already frozen (its record holds the entry).
 */
export async function setSecondChance(
  db: Db,
  siteId: string,
  memberId: string,
  presaleId: string,
  stay: boolean,
  now: Date,
): Promise<{ inLine: boolean }> {
  await openPresale(db, siteId, presaleId);
  const [application] = await db
    .select()
    .from(presaleApplications)
    .where(
      and(
        eq(presaleApplications.presaleId, presaleId),
        eq(presaleApplications.memberId, memberId),
        isNull(presaleApplications.cancelledAt),
      ),
    );
  if (!application) throw new AppError('NOT_FOUND', 'お申し込みが見つかりませんでした。');
  if (application.status !== 'lost') throw new AppError('CONFLICT', NOT_LOST);
  if ((application.secondChanceAt !== null) === stay) return { inLine: stay };
  await db
    .update(presaleApplications)
    .set({ secondChanceAt: stay ? now : null, updatedAt: now })
    .where(and(eq(presaleApplications.id, application.id), eq(presaleApplications.status, 'lost')));
  return { inLine: stay };
}

/** 制作開放席: staff release seats of one offering for the next 復活当選 rounds (audited). */
export async function releaseSeats(
  db: Db,
  actor: StaffActor,
  presaleId: string,
  offeringId: string,
  seats: number,
): Promise<void> {
  assertCan(actor, 'content:write');
  await openPresale(db, actor.siteId, presaleId);
  await db.transaction(async (tx) => {
    const [offering] = await tx
      .select({ id: presaleOfferings.id })
      .from(presaleOfferings)
      .where(and(eq(presaleOfferings.id, offeringId), eq(presaleOfferings.presaleId, presaleId)));
    if (!offering) throw new AppError('NOT_FOUND', 'この席種は見つかりません。');
    await tx.insert(presaleReleasedSeats).values({ presaleId, offeringId, seats, staffUid: actor.uid });
    await recordAudit(tx, actor, {
      action: 'presale.release-seats',
      targetType: 'presale',
      targetId: presaleId,
      before: null,
      after: { offeringId, seats },
    });
  });
}

/** Won tickets per offering in a drawn round's record, and its winners' entry ids. */
function wonIn(round: { recordFile: string | null }): { seats: Map<string, number>; winners: Set<string> } {
  const seats = new Map<string, number>();
  const winners = new Set<string>();
  if (!round.recordFile) return { seats, winners };
  const record = drawRecordSchema.parse(JSON.parse(round.recordFile));
  const tickets = new Map(record.entries.map((entry) => [entry.id, entry.tickets]));
  for (const result of record.results) {
    if (result.outcome !== 'won') continue;
    winners.add(result.entry);
    seats.set(result.offering, (seats.get(result.offering) ?? 0) + tickets.get(result.entry)!);
  }
  return { seats, winners };
}

export interface SecondChancePool {
  /** Every offering of the presale, with the seats a 復活当選 round can give now (0 or more). */
  offerings: DrawOffering[];
  /** The members in line: receipt number, tickets and choices. */
  entries: DrawEntry[];
}

/**
 * What the next 復活当選 round draws: seats released by staff plus seats of lapsed wins, less the seats every
 * earlier 復活当選 round gave (read from their records, so a round drawn but not applied yet counts; a round frozen
 * and not drawn reserves all its seats), among the lost applications in line that no earlier round made win.
 */
export async function secondChancePool(db: Db, presaleId: string): Promise<SecondChancePool> {
  const offerings = await db
    .select({ id: presaleOfferings.id })
    .from(presaleOfferings)
    .where(eq(presaleOfferings.presaleId, presaleId));
  const free = new Map(offerings.map((o) => [o.id, 0]));
  const add = (id: string | null, n: number) => {
    if (id !== null && free.has(id)) free.set(id, free.get(id)! + n);
  };
  for (const row of await db
    .select({ id: presaleReleasedSeats.offeringId, n: sql<number>`sum(${presaleReleasedSeats.seats})::int` })
    .from(presaleReleasedSeats)
    .where(eq(presaleReleasedSeats.presaleId, presaleId))
    .groupBy(presaleReleasedSeats.offeringId))
    add(row.id, row.n);
  for (const row of await db
    .select({
      id: presaleApplications.wonOfferingId,
      n: sql<number>`sum(${presaleApplications.tickets})::int`,
    })
    .from(presaleApplications)
    .where(and(eq(presaleApplications.presaleId, presaleId), eq(presaleApplications.status, 'lapsed')))
    .groupBy(presaleApplications.wonOfferingId))
    add(row.id, row.n);
  const rounds = await db
    .select()
    .from(drawRounds)
    .where(and(eq(drawRounds.presaleId, presaleId), eq(drawRounds.kind, 'second-chance')));
  const alreadyWon = new Set<string>();
  for (const round of rounds) {
    if (!round.drawnAt) {
      for (const o of round.offerings) add(o.id, -o.capacity);
      continue;
    }
    const { seats, winners } = wonIn(round);
    for (const [id, n] of seats) add(id, -n);
    for (const winner of winners) alreadyWon.add(winner);
  }
  const waiting = await db
    .select({
      id: presaleApplications.id,
      receiptNo: presaleApplications.receiptNo,
      tickets: presaleApplications.tickets,
    })
    .from(presaleApplications)
    .where(
      and(
        eq(presaleApplications.presaleId, presaleId),
        eq(presaleApplications.status, 'lost'),
        isNotNull(presaleApplications.secondChanceAt),
      ),
    );
  const choices = waiting.length
    ? await db
        .select({ applicationId: presaleChoices.applicationId, offeringId: presaleChoices.offeringId })
        .from(presaleChoices)
        .where(
          inArray(
            presaleChoices.applicationId,
            waiting.map((w) => w.id),
          ),
        )
        .orderBy(asc(presaleChoices.applicationId), asc(presaleChoices.rank))
    : [];
  const choicesOf = new Map<string, string[]>();
  for (const choice of choices) {
    const list = choicesOf.get(choice.applicationId) ?? [];
    list.push(choice.offeringId);
    choicesOf.set(choice.applicationId, list);
  }
  return {
    offerings: [...free].map(([id, capacity]) => ({ id, capacity: Math.max(0, capacity) })),
    entries: waiting
      .filter((w) => !alreadyWon.has(w.receiptNo) && (choicesOf.get(w.id)?.length ?? 0) > 0)
      .map((w) => ({ id: w.receiptNo, tickets: w.tickets, choices: choicesOf.get(w.id)! })),
  };
}

type NoticeOf<K extends 'presale-second-chance-won'> = NoticeInput<K>;

/**
 * A drawn 復活当選 round's winners become wins, once, under the presale's row lock: each lost application named won
 * in the record turns `won` (its seat, its choice, the round, a konbini deadline from now), and its applicant and
 * companions are told. Run again (a retry, another instance), it finds the wins made and does nothing; a member who
 * no longer holds a lost application (cannot happen today) is skipped and their seats come back to the pool.
 */
export async function applySecondChanceRound(db: Db, roundId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [round] = await tx.select().from(drawRounds).where(eq(drawRounds.id, roundId));
    if (!round?.drawnAt || round.kind !== 'second-chance') return 0;
    const [presale] = await tx.select().from(presales).where(eq(presales.id, round.presaleId)).for('update');
    if (!presale) return 0;
    const [done] = await tx
      .select({ n: count() })
      .from(presaleApplications)
      .where(eq(presaleApplications.secondChanceRoundId, roundId));
    if ((done?.n ?? 0) > 0) return 0;
    const record = drawRecordSchema.parse(JSON.parse(round.recordFile!));
    const payBy = konbiniDeadline(now, presale.konbiniDeadlineDays);
    let made = 0;
    for (const result of record.results) {
      if (result.outcome !== 'won') continue;
      const [won] = await tx
        .update(presaleApplications)
        .set({
          status: 'won',
          wonOfferingId: result.offering,
          wonRank: result.rank,
          secondChanceRoundId: roundId,
          paymentDueAt: sql`case when ${presaleApplications.paymentMethod} = 'konbini' then ${payBy.toISOString()}::timestamptz end`,
          updatedAt: now,
        })
        .where(
          and(
            eq(presaleApplications.presaleId, presale.id),
            eq(presaleApplications.receiptNo, result.entry),
            eq(presaleApplications.status, 'lost'),
          ),
        )
        .returning({ id: presaleApplications.id });
      if (won) made++;
    }
    if (made === 0) return 0;
    const { title } = await titleOfPresale(tx, presale);
    const wins = (await winsOf(tx, presale.id)).filter((w) => w.application.secondChanceRoundId === roundId);
    const told: NoticeOf<'presale-second-chance-won'>[] = [];
    for (const win of wins) {
      for (const person of await participantsOf(tx, win.application.id)) {
        const companion = person.role === 'companion';
        told.push({
          siteId: presale.siteId,
          memberId: person.memberId,
          kind: 'presale-second-chance-won',
          key: `presale-second-chance:${win.application.id}:${person.memberId}`,
          data: {
            title,
            receiptNo: win.application.receiptNo,
            round: round.number,
            rank: win.application.wonRank ?? 1,
            performance: `${formatJst(win.startsAt.toISOString())} ${win.venue}`,
            seatType: win.seatType,
            tickets: win.application.tickets,
            amountYen: win.application.tickets * win.priceYen,
            method: win.application.paymentMethod,
            payBy: win.application.paymentMethod === 'konbini' ? payBy.toISOString() : null,
            companion,
          },
        });
      }
    }
    await notifyMany(tx, told);
    return made;
  });
}

export type SecondChanceRun =
  | { status: 'empty' }
  | { status: 'waiting'; number: number }
  | { status: 'drawn'; number: number; winners: number };

/**
 * Staff (or a scheduled job) run a 復活当選 round now. Exactly once per round whatever arrives at once: rounds drawn
 * but not applied are applied first (a crash between the draw and the wins); a round frozen and waiting for its
 * beacon is continued under its key; otherwise the next round's key is `second-chance:<n>`, so two clicks at once
 * name the same round and drawSecondRound draws it once.
 */
export async function runSecondChance(
  db: Db,
  siteId: string,
  presaleId: string,
  now: Date,
  options: { drand?: DrandSource | null; settings?: BeaconSettings } = {},
): Promise<SecondChanceRun> {
  await openPresale(db, siteId, presaleId);
  const rounds = await db
    .select({
      id: drawRounds.id,
      key: drawRounds.key,
      drawnAt: drawRounds.drawnAt,
      entries: drawRounds.entries,
      offerings: drawRounds.offerings,
    })
    .from(drawRounds)
    .where(and(eq(drawRounds.presaleId, presaleId), eq(drawRounds.kind, 'second-chance')))
    .orderBy(desc(drawRounds.number));
  for (const round of rounds) if (round.drawnAt) await applySecondChanceRound(db, round.id, now);
  const pending = rounds.find((round) => !round.drawnAt);
  const key = pending?.key ?? `second-chance:${rounds.length + 1}`;
  // A round frozen and not drawn (a crash between the freeze and the draw) is continued with what it froze: the
  // pool now reserves all of that round's seats, so it would find nothing to draw and leave the round stuck.
  const pool = pending
    ? { entries: pending.entries, offerings: pending.offerings }
    : await secondChancePool(db, presaleId);
  let outcome: SecondRoundOutcome;
  try {
    outcome = await drawSecondRound(
      db,
      { siteId, presaleId, kind: 'second-chance', key, entries: pool.entries, offerings: pool.offerings },
      { now: () => now, ...options },
    );
  } catch (error) {
    // A beacon this server may not draw (production without drand): staff get a reason, not a 500.
    if (error instanceof SecondRoundError) {
      throw new AppError(
        'CONFLICT',
        '乱数ビーコンを用意できないため、いまは抽選できません。設定を確認してください。',
      );
    }
    throw error;
  }
  if (outcome.status === 'empty') return { status: 'empty' };
  if (outcome.status === 'waiting') return { status: 'waiting', number: outcome.number };
  const winners = await applySecondChanceRound(db, outcome.roundId, now);
  return { status: 'drawn', number: outcome.number, winners };
}

export interface SecondChanceStaffView {
  /** Lost applications in line now. */
  waiting: number;
  /** Seats the next round would draw, per offering id (0 or more). */
  pool: Map<string, number>;
  released: { offeringId: string; seats: number; at: Date }[];
  rounds: {
    number: number;
    kind: 'resale' | 'second-chance';
    drawnAt: Date | null;
    entries: number;
    winners: number;
  }[];
}

/** The staff page's 復活当選 section: the line, the seats that came back, the releases and every second round. */
export async function secondChanceStaffView(db: Db, presaleId: string): Promise<SecondChanceStaffView> {
  const pool = await secondChancePool(db, presaleId);
  const released = await db
    .select({
      offeringId: presaleReleasedSeats.offeringId,
      seats: presaleReleasedSeats.seats,
      at: presaleReleasedSeats.createdAt,
    })
    .from(presaleReleasedSeats)
    .where(eq(presaleReleasedSeats.presaleId, presaleId))
    .orderBy(asc(presaleReleasedSeats.createdAt));
  const rounds = await db
    .select()
    .from(drawRounds)
    .where(eq(drawRounds.presaleId, presaleId))
    .orderBy(asc(drawRounds.number));
  return {
    waiting: pool.entries.length,
    pool: new Map(pool.offerings.map((o) => [o.id, o.capacity])),
    released,
    rounds: rounds.map((round) => ({
      number: round.number,
      kind: round.kind,
      drawnAt: round.drawnAt,
      entries: round.entries.length,
      winners: wonIn(round).winners.size,
    })),
  };
}

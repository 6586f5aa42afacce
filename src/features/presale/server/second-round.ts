import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, max } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { drawRounds, presales } from '@/server/db/schema';
import { env } from '@/server/env';
import {
  canonicalEntryList,
  drawRecordFile,
  drawRecordSchema,
  entryListValue,
  LOCAL_BEACON_NOTE,
  makeDrawRecord,
  OPERATOR_BEACON_NOTE,
  roundValue,
  seedCommitment,
  type DrawBeacon,
  type DrawEntry,
  type DrawOffering,
  type DrawResult,
  type SecondRoundKind,
} from '@/features/presale/draw';
import { bytesToHex, sha256 } from '@/features/presale/draw/bytes';
import { canonicalOrder, compareIds } from '@/features/presale/draw/canonical';
import { drandRoundAfter, drandRoundTime } from '@/features/presale/draw/drand';
import {
  configuredDrand,
  fetchDrandBeacon,
  mayDrawOwnBeacon,
  type BeaconSettings,
  type DrandSource,
} from './beacon';
import { appendDrawLog } from './draw-log';

export interface SecondRoundInput {
  siteId: string;
  presaleId: string;
  kind: SecondRoundKind;
  /**
   * The caller's name for this round, unique within the presale (for example `resale:<performance>:<match time>` or
   * `second-chance:<time>`). A retry, or a second instance, with the same key gets the same round: it is frozen and
   * drawn once, and whatever entries the retry brings, the round keeps those it froze first.
   */
  key: string;
  /** The waiting members: id (1–64 of A-Z a-z 0-9 _ -, pseudonymous, no name), tickets 1–9, choices 1–9 offering ids. */
  entries: DrawEntry[];
  /** The returned seats: offering id (same alphabet) and capacity. */
  offerings: DrawOffering[];
}

/** One entry's outcome: the offering it won and at which choice, or lost. */
export type SecondRoundAllocation = Map<string, { offering: string; rank: number } | null>;

export type SecondRoundOutcome =
  /** Drawn now or before: the record is published, each entry's outcome is final. */
  | {
      status: 'drawn';
      roundId: string;
      number: number;
      /** In canonical entry order, as the record carries them. */
      results: DrawResult[];
      allocation: SecondRoundAllocation;
    }
  /**
   * Frozen and logged, but its drand round is not out yet (or the relay did not answer): call again with the same
   * key once `retryAt` has passed (the job's next run); nothing else needs doing.
   */
  | { status: 'waiting'; roundId: string; number: number; retryAt: Date }
  /** Nothing to draw (no entry, or no seat): no round is made and nothing is logged. */
  | { status: 'empty' };

export class SecondRoundError extends Error {}

/** How long drawSecondRound itself waits for a drand round before answering 'waiting' (a round comes every 3 s). */
const WAIT_FOR_BEACON_MS = 10_000;

/**
 * THE server function for a second round of a presale's draw (docs/presale-draw.md, section 9): a resale match time
 * or a 復活当選 draw. Given the site, the presale (already drawn: its first record is what the round links to), the
 * kind, a key, the entries and the offerings, it
 *
 *  1. freezes the round, once per (presale, key), under the presale's row lock: a fresh secret seed, its commitment,
 *     the beacon fixed (drand: the first round emitted after now; otherwise the presale's own local/operator source)
 *     and the entry list hash, all stored in `draw_rounds` and appended to the site's draw log in that order
 *     (`commitment`, `round`, `entry-list`, under the round's own id);
 *  2. gets the beacon (drand: once the round is out, waiting up to 10 s, its signature checked; local/operator: the
 *     server's own bytes, drawn now, after the freeze);
 *  3. draws with fc-draw-v1 under the round's row lock, writes the record file once, logs its SHA-256 (`record`) and
 *     returns the allocation.
 *
 * Exactly once: a retry, a crash between the steps or two instances at once all end with one round, one record
 * and the same allocation (the second caller waits for the lock and reads what the first stored). The caller moves
 * seats only from the returned allocation, in its own transaction keyed by the round id (or the key), so that its
 * own step is exactly once too. The record is served at `/api/presales/{presaleId}/rounds/{number}/record`.
 */
export async function drawSecondRound(
  db: Db,
  input: SecondRoundInput,
  options: { now?: () => Date; drand?: DrandSource | null; settings?: BeaconSettings } = {},
): Promise<SecondRoundOutcome> {
  const clock = options.now ?? (() => new Date());
  const drand = options.drand === undefined ? configuredDrand() : options.drand;
  const settings = options.settings ?? env;
  if (input.entries.length === 0 || input.offerings.every((o) => o.capacity === 0))
    return { status: 'empty' };
  let round = await freezeRound(db, input, clock(), drand, settings);
  if (round.drawnAt) return drawnOutcome(round);
  const beacon = await roundBeacon(round, clock, drand, settings);
  if (!beacon) {
    const retryAt =
      round.beaconRound !== null && drand
        ? new Date(
            Math.max(drandRoundTime(round.beaconRound, drand.chain).getTime(), clock().getTime() + 3000),
          )
        : new Date(clock().getTime() + 60_000);
    return { status: 'waiting', roundId: round.id, number: round.number, retryAt };
  }
  round = await drawRound(db, round.id, beacon, clock());
  return drawnOutcome(round);
}

type Round = typeof drawRounds.$inferSelect;

async function freezeRound(
  db: Db,
  input: SecondRoundInput,
  now: Date,
  drand: DrandSource | null,
  settings: BeaconSettings,
): Promise<Round> {
  const entries = canonicalOrder(input.entries).map((e) => ({
    id: e.id,
    tickets: e.tickets,
    choices: [...e.choices],
  }));
  const offerings = input.offerings
    .map((o) => ({ id: o.id, capacity: o.capacity }))
    .sort((a, b) => compareIds(a.id, b.id));
  // The record's own rules (ids, choices naming an offering, each id once) before anything is written.
  const shape = drawRecordSchema.shape.entries.safeParse(entries);
  const offeringShape = drawRecordSchema.shape.offerings.safeParse(offerings);
  const known = new Set(offerings.map((o) => o.id));
  if (
    !shape.success ||
    !offeringShape.success ||
    new Set(entries.map((e) => e.id)).size !== entries.length ||
    known.size !== offerings.length ||
    entries.some((e) => e.choices.some((c) => !known.has(c)))
  ) {
    throw new SecondRoundError(
      'second round: entries or offerings do not fit fc-draw-v1 (docs/presale-draw.md, section 2)',
    );
  }
  return db.transaction(async (tx) => {
    const [presale] = await tx
      .select({
        siteId: presales.siteId,
        beaconSource: presales.beaconSource,
        recordFile: presales.recordFile,
      })
      .from(presales)
      .where(and(eq(presales.id, input.presaleId), eq(presales.siteId, input.siteId)))
      .for('update')
      .limit(1);
    if (!presale) throw new SecondRoundError(`second round: no presale ${input.presaleId} on this site`);
    const [existing] = await tx
      .select()
      .from(drawRounds)
      .where(and(eq(drawRounds.presaleId, input.presaleId), eq(drawRounds.key, input.key)));
    if (existing) return existing;
    if (!presale.recordFile) throw new SecondRoundError('second round: the presale has not been drawn yet');
    const source = presale.beaconSource;
    if (source === 'drand' ? !drand : !mayDrawOwnBeacon(source, settings)) {
      throw new SecondRoundError(`second round: no ${source} beacon can be had here`);
    }
    const [last] = await tx
      .select({ number: max(drawRounds.number) })
      .from(drawRounds)
      .where(eq(drawRounds.presaleId, input.presaleId));
    const seed = randomBytes(32).toString('hex');
    const commitment = await seedCommitment(seed);
    const entryListHash = bytesToHex(await sha256(canonicalEntryList(entries)));
    const beaconRound = source === 'drand' && drand ? drandRoundAfter(now, drand.chain) : null;
    const [round] = await tx
      .insert(drawRounds)
      .values({
        siteId: input.siteId,
        presaleId: input.presaleId,
        number: (last?.number ?? 1) + 1,
        kind: input.kind,
        key: input.key,
        seed,
        commitment,
        firstRecordHash: bytesToHex(await sha256(new TextEncoder().encode(presale.recordFile))),
        entries,
        offerings,
        entryListHash,
        beaconSource: source,
        beaconRound,
        frozenAt: now,
      })
      .returning();
    // The round's facts, in the order a verifier checks (section 8): seed committed, beacon fixed, entries frozen.
    await appendDrawLog(tx, input.siteId, round!.id, 'commitment', commitment, now);
    await appendDrawLog(
      tx,
      input.siteId,
      round!.id,
      'round',
      roundValue({ source, round: beaconRound ?? 0 }),
      now,
    );
    await appendDrawLog(
      tx,
      input.siteId,
      round!.id,
      'entry-list',
      entryListValue(entryListHash, entries.length),
      now,
    );
    return round!;
  });
}

/** The round's beacon: the drand round fixed at the freeze once it is out, or the server's own bytes drawn now. */
async function roundBeacon(
  round: Round,
  clock: () => Date,
  drand: DrandSource | null,
  settings: BeaconSettings,
): Promise<DrawBeacon | null> {
  const source = round.beaconSource;
  if (source !== 'drand') {
    if (!mayDrawOwnBeacon(source, settings)) return null;
    const drawn = {
      round: Math.floor(clock().getTime() / 1000),
      randomness: randomBytes(32).toString('hex'),
    };
    return source === 'local'
      ? { source, ...drawn, note: LOCAL_BEACON_NOTE }
      : { source, ...drawn, note: OPERATOR_BEACON_NOTE };
  }
  if (!drand || round.beaconRound === null) return null;
  const wait = drandRoundTime(round.beaconRound, drand.chain).getTime() - clock().getTime();
  if (wait > WAIT_FOR_BEACON_MS) return null;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 200));
  return fetchDrandBeacon(drand, round.beaconRound);
}

async function drawRound(db: Db, roundId: string, beacon: DrawBeacon, now: Date): Promise<Round> {
  return db.transaction(async (tx) => {
    const [round] = await tx.select().from(drawRounds).where(eq(drawRounds.id, roundId)).for('update');
    if (!round) throw new SecondRoundError(`second round ${roundId} vanished`);
    if (round.drawnAt) return round;
    const record = await makeDrawRecord({
      presale: round.presaleId,
      round: { id: round.id, kind: round.kind, number: round.number, first: round.firstRecordHash },
      seed: round.seed,
      beacon,
      offerings: round.offerings,
      entries: round.entries,
      voided: [],
    });
    if (record.entryListHash !== round.entryListHash) {
      throw new Error(`second round ${roundId}: the frozen entries changed after the freeze`);
    }
    const file = drawRecordFile(record);
    const recordFile = new TextDecoder().decode(file);
    const [drawn] = await tx
      .update(drawRounds)
      .set({ drawnAt: now, recordFile })
      .where(eq(drawRounds.id, roundId))
      .returning();
    await appendDrawLog(tx, round.siteId, round.id, 'record', bytesToHex(await sha256(file)), now);
    return drawn!;
  });
}

function drawnOutcome(round: Round): SecondRoundOutcome {
  const record = drawRecordSchema.parse(JSON.parse(round.recordFile!));
  const allocation: SecondRoundAllocation = new Map();
  for (const result of record.results) {
    allocation.set(
      result.entry,
      result.outcome === 'won' ? { offering: result.offering, rank: result.rank } : null,
    );
  }
  return { status: 'drawn', roundId: round.id, number: round.number, results: record.results, allocation };
}

/** The published record file of a presale's second round, by its number, once drawn (null otherwise). */
export async function secondRoundRecordFile(
  db: Db,
  siteId: string,
  presaleId: string,
  number: number,
): Promise<string | null> {
  const [round] = await db
    .select({ recordFile: drawRounds.recordFile })
    .from(drawRounds)
    .where(
      and(eq(drawRounds.siteId, siteId), eq(drawRounds.presaleId, presaleId), eq(drawRounds.number, number)),
    );
  return round?.recordFile ?? null;
}

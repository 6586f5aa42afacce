import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { presaleApplications, presaleOfferings, presaleParticipants, presales } from '@/server/db/schema';
import {
  canonicalEntryList,
  drawBeaconSchema,
  entryListValue,
  LOCAL_BEACON_NOTE,
  makeDrawRecord,
  OPERATOR_BEACON_NOTE,
  type DrawBeacon,
  type DrawEntry,
} from '@/features/presale/draw';
import { bytesToHex, sha256 } from '@/features/presale/draw/bytes';
import { canonicalOrder, compareIds } from '@/features/presale/draw/canonical';
import { drandRoundTime } from '@/features/presale/draw/drand';
import { env } from '@/server/env';
import {
  configuredDrand,
  fetchDrandBeacon,
  mayDrawOwnBeacon,
  type BeaconSettings,
  type DrandSource,
} from './beacon';
import { liveApplications, writeResults, type LiveApplication } from './draw-batch';
import { appendDrawLog } from './draw-log';
import { presaleColumns, type Presale } from './setup';

/**
 * The bytes a local or operator beacon draws: at the close, after every entry is in (round = Unix seconds then), or
 * not at all where the settings no longer allow it (a production server never draws a local beacon). The record
 * itself says nobody can check them.
 */
function ownBeacon(presale: Presale, now: Date, settings: BeaconSettings): DrawBeacon | null {
  const source = presale.beaconSource;
  if (source === 'drand' || !mayDrawOwnBeacon(source, settings)) return null;
  const drawn = { round: Math.floor(now.getTime() / 1000), randomness: randomBytes(32).toString('hex') };
  return source === 'local'
    ? { source, ...drawn, note: LOCAL_BEACON_NOTE }
    : { source, ...drawn, note: OPERATOR_BEACON_NOTE };
}

/** The live applications as draw entries; a companion who did not accept by the close takes their ticket with them. */
function entriesOf(
  presale: Presale,
  applications: LiveApplication[],
): { entries: DrawEntry[]; fewer: Map<string, number> } {
  // Applications whose companions did not all accept draw for fewer tickets (by receipt number).
  const fewer = new Map<string, number>();
  const entries = applications.map((application) => {
    const count =
      presale.companionRule === 'member'
        ? Math.min(application.tickets, 1 + application.accepted)
        : application.tickets;
    if (count !== application.tickets) fewer.set(application.receiptNo, count);
    return { id: application.receiptNo, tickets: count, choices: application.choices };
  });
  return { entries, fewer };
}

/**
 * At the close: the entry list is frozen, its hash and count logged. The beacon was fixed at setup: a drand round
 * (fetched once it is out), or the server's own bytes drawn now. Once only, under the presale's row lock.
 */
export async function freezePresale(
  db: Db,
  presaleId: string,
  now = new Date(),
  settings: BeaconSettings = env,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await withoutJit(tx);
    const [presale] = await tx
      .select(presaleColumns)
      .from(presales)
      .where(eq(presales.id, presaleId))
      .for('update')
      .limit(1);
    if (!presale || presale.frozenAt || now < presale.closesAt) return false;
    const { entries, fewer } = entriesOf(presale, await liveApplications(tx, presale, null));
    for (const [receiptNo, count] of fewer) {
      await tx
        .update(presaleApplications)
        .set({ tickets: count, updatedAt: now })
        .where(
          and(eq(presaleApplications.presaleId, presaleId), eq(presaleApplications.receiptNo, receiptNo)),
        );
    }
    // Invitations nobody answered end with the window.
    await tx
      .delete(presaleParticipants)
      .where(
        and(eq(presaleParticipants.presaleId, presaleId), eq(presaleParticipants.companionStatus, 'invited')),
      );
    const hash = bytesToHex(await sha256(canonicalEntryList(entries)));
    await tx
      .update(presales)
      .set({ frozenAt: now, entryListHash: hash, beacon: ownBeacon(presale, now, settings), updatedAt: now })
      .where(eq(presales.id, presaleId));
    await appendDrawLog(
      tx,
      presale.siteId,
      presaleId,
      'entry-list',
      entryListValue(hash, entries.length),
      now,
    );
    return true;
  });
}

/**
 * PostgreSQL compiles a query it estimates costly to machine code (JIT) first: for the draw's reads of 100,000
 * applications that took longer than running them (1.1 s of 1.7 s, EXPLAIN ANALYZE). Off for the transaction.
 */
async function withoutJit(tx: Db): Promise<void> {
  await tx.execute(sql`set local jit = off`);
}

/**
 * A few turns of the event loop for the driver: postgres.js builds a statement on a later microtask, and the socket
 * takes a large one in pieces, one per turn (poll phase); work that holds this thread would hold them back with it.
 */
async function letTheStatementOut(): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * The record file is stored compressed (TOAST): 23 MB at 100,000 entries, which PostgreSQL's own method (pglz) took
 * a quarter of a second to compress. LZ4 where the server has it (a build option; PGlite has not), for this
 * transaction only; the stored bytes read back the same whichever method compressed them.
 */
async function compressRecordFast(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('default_toast_compression', 'lz4', true) from pg_settings
    where name = 'default_toast_compression' and 'lz4' = any(enumvals)`);
}

const NOT_PREMIUM = '抽選時点でプレミアム会員ではありません';

/** The draw itself, once: results on every application and the record, in one transaction. */
export async function drawPresale(db: Db, presaleId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await withoutJit(tx);
    const [presale] = await tx
      .select(presaleColumns)
      .from(presales)
      .where(eq(presales.id, presaleId))
      .for('update')
      .limit(1);
    // A drand round fixed at the close and not fetched yet: the draw waits for it.
    if (!presale || !presale.frozenAt || presale.drawnAt || presale.cancelledAt || !presale.beacon)
      return false;
    // The column holds any beacon-shaped JSON (src/server/db/json-types.ts): the record takes only one it accepts.
    const beacon = drawBeaconSchema.safeParse(presale.beacon);
    if (!beacon.success)
      throw new Error(`presale ${presaleId}: the stored beacon is not one a record accepts`);
    const applications = await liveApplications(tx, presale, now);
    const { entries } = entriesOf(presale, applications);
    const voided = applications
      .filter((application) => !application.eligible)
      .map((application) => ({ entry: application.receiptNo, reason: NOT_PREMIUM }));
    const offerings = await tx
      .select({ id: presaleOfferings.id, capacity: presaleOfferings.capacity })
      .from(presaleOfferings)
      .where(eq(presaleOfferings.presaleId, presaleId));
    // Entries and voided in canonical order, offerings by id: one file for one draw, whatever order the rows came in.
    const record = await makeDrawRecord({
      presale: presaleId,
      seed: presale.seed,
      beacon: beacon.data,
      offerings: offerings.sort((a, b) => compareIds(a.id, b.id)),
      entries: canonicalOrder(entries),
      voided: voided.sort((a, b) => compareIds(a.entry, b.entry)),
    });
    if (record.entryListHash !== presale.entryListHash)
      throw new Error(`presale ${presaleId}: the entry list changed after the close`);
    // Writing the results is the draw's longest step, all in the database: this process writes the record file
    // meanwhile (a tenth of a second at 100,000 entries), and nothing else is sent on the transaction until then.
    const writing = writeResults(tx, presaleId, record.results, NOT_PREMIUM, now);
    // Awaited below; meanwhile its failure must not count as unhandled (the process would exit on it).
    writing.catch(() => {});
    await letTheStatementOut();
    // The file is written once, here: the bytes hashed into the log are the bytes served, forever.
    const recordFile = JSON.stringify(record);
    const fileHash = bytesToHex(await sha256(new TextEncoder().encode(recordFile)));
    await writing;
    await compressRecordFast(tx);
    await tx
      .update(presales)
      .set({ drawnAt: now, recordFile, updatedAt: now })
      .where(eq(presales.id, presaleId));
    await appendDrawLog(tx, presale.siteId, presaleId, 'record', fileHash, now);
    return true;
  });
}

/**
 * The beacon of a frozen presale, once it can be had: the drand round fixed at setup, once it is out (fetched from
 * the relay, its signature checked); the server's own bytes where they could not be drawn at the close and now may.
 * Until then (or while the relay is unreachable) nothing changes and the next run tries again.
 */
async function settleBeacon(
  db: Db,
  presaleId: string,
  now: Date,
  drand: DrandSource | null,
  settings: BeaconSettings,
): Promise<void> {
  const [presale] = await db.select(presaleColumns).from(presales).where(eq(presales.id, presaleId));
  if (!presale?.frozenAt || presale.beacon) return;
  let beacon: DrawBeacon | null;
  if (presale.beaconSource !== 'drand') beacon = ownBeacon(presale, now, settings);
  else if (presale.beaconRound === null || !drand) return;
  else if (now < drandRoundTime(presale.beaconRound, drand.chain)) return;
  else beacon = await fetchDrandBeacon(drand, presale.beaconRound);
  if (!beacon) return;
  await db
    .update(presales)
    .set({ beacon, updatedAt: now })
    .where(and(eq(presales.id, presaleId), isNull(presales.beacon)));
}

/** The job (scripts/serve.ts): every presale past its close is frozen, then drawn. Safe to run anywhere, any time. */
export async function closeAndDrawDue(
  db: Db,
  now = new Date(),
  drand: DrandSource | null = configuredDrand(),
  settings: BeaconSettings = env,
): Promise<number> {
  const due = await db
    .select({ id: presales.id })
    .from(presales)
    .where(and(lte(presales.closesAt, now), isNull(presales.drawnAt), isNull(presales.cancelledAt)));
  let drawn = 0;
  for (const { id } of due) {
    await freezePresale(db, id, now, settings);
    await settleBeacon(db, id, now, drand, settings);
    if (await drawPresale(db, id, now)) drawn++;
  }
  return drawn;
}

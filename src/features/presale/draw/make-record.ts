import { canonicalOrder, compareIds } from './canonical';
import { runDraw, seedCommitment } from './draw';
import {
  DRAW_ALGORITHM,
  type DrawBeacon,
  type DrawEntry,
  type DrawOffering,
  type DrawRecord,
  type DrawResult,
  type DrawRound,
  type DrawVoided,
} from './record';

export interface DrawRecordInput {
  presale: string;
  /** A second round's link to the first (section 9); absent for the first round. */
  round?: DrawRound;
  seed: string;
  beacon: DrawBeacon | null;
  offerings: DrawOffering[];
  entries: DrawEntry[];
  voided: DrawVoided[];
}

/**
 * Draws and writes the record that is published afterwards (docs/presale-draw.md, section 6), in the one shape the
 * verifiers accept: offerings by id, entries, voided and results in canonical order, whatever order the caller had.
 */
export async function makeDrawRecord(input: DrawRecordInput): Promise<DrawRecord> {
  const outcome = await runDraw({ ...input, voided: new Set(input.voided.map((v) => v.entry)) });
  return {
    algorithm: DRAW_ALGORITHM,
    presale: input.presale,
    ...(input.round ? { round: roundOf(input.round) } : {}),
    commitment: await seedCommitment(input.seed),
    seed: input.seed,
    entryListHash: outcome.entryListHash,
    beacon: input.beacon && beaconOf(input.beacon),
    // Copies: the record is published as it is, whatever later happens to the caller's arrays (structuredClone took
    // most of this function's time at 100,000 entries).
    offerings: input.offerings
      .map((offering) => ({ id: offering.id, capacity: offering.capacity }))
      .sort((a, b) => compareIds(a.id, b.id)),
    entries: canonicalOrder(input.entries).map((e) => ({
      id: e.id,
      tickets: e.tickets,
      choices: [...e.choices],
    })),
    voided: input.voided
      .map((voided) => ({ entry: voided.entry, reason: voided.reason }))
      .sort((a, b) => compareIds(a.entry, b.entry)),
    results: outcome.results,
  };
}

/** The beacon's keys in the written order (section 6), whatever order it was stored in (jsonb sorts keys). */
function beaconOf(beacon: DrawBeacon): DrawBeacon {
  const { round, randomness } = beacon;
  switch (beacon.source) {
    case 'drand':
      return { source: beacon.source, round, randomness, signature: beacon.signature };
    case 'local':
      return { source: beacon.source, round, randomness, note: beacon.note };
    case 'operator':
      return { source: beacon.source, round, randomness, note: beacon.note };
  }
}

/** The round's keys in the written order (section 9). */
const roundOf = (round: DrawRound): DrawRound => ({
  id: round.id,
  kind: round.kind,
  number: round.number,
  first: round.first,
});

const resultOf = (r: DrawResult): DrawResult =>
  r.outcome === 'won'
    ? { entry: r.entry, outcome: r.outcome, rank: r.rank, offering: r.offering }
    : { entry: r.entry, outcome: r.outcome };

/**
 * The record file as the server publishes it (section 6): UTF-8 JSON without spaces or line breaks, no BOM, no
 * trailing newline, keys in the documented order. The draw log anchors the SHA-256 of exactly these bytes (section
 * 8), so the server writes them once at the draw and serves them unchanged.
 */
export function drawRecordFile(record: DrawRecord): Uint8Array {
  const ordered: DrawRecord = {
    algorithm: record.algorithm,
    presale: record.presale,
    ...(record.round ? { round: roundOf(record.round) } : {}),
    commitment: record.commitment,
    seed: record.seed,
    entryListHash: record.entryListHash,
    beacon: record.beacon && beaconOf(record.beacon),
    offerings: record.offerings.map((o) => ({ id: o.id, capacity: o.capacity })),
    entries: record.entries.map((e) => ({ id: e.id, tickets: e.tickets, choices: e.choices })),
    voided: record.voided.map((v) => ({ entry: v.entry, reason: v.reason })),
    results: record.results.map(resultOf),
  };
  return new TextEncoder().encode(JSON.stringify(ordered));
}

import { runDraw, seedCommitment } from './draw';
import {
  DRAW_ALGORITHM,
  type DrawBeacon,
  type DrawEntry,
  type DrawOffering,
  type DrawRecord,
} from './record';

export interface DrawRecordInput {
  presale: string;
  seed: string;
  beacon: DrawBeacon | null;
  offerings: DrawOffering[];
  entries: DrawEntry[];
  voided: { entry: string; reason: string }[];
}

/** Draws and writes the record that is published afterwards (docs/presale-draw.md, section 1). */
export async function makeDrawRecord(input: DrawRecordInput): Promise<DrawRecord> {
  const outcome = await runDraw({ ...input, voided: new Set(input.voided.map((v) => v.entry)) });
  return {
    algorithm: DRAW_ALGORITHM,
    presale: input.presale,
    commitment: await seedCommitment(input.seed),
    seed: input.seed,
    entryListHash: outcome.entryListHash,
    beacon: input.beacon,
    // Copies: the record is published as it is, whatever later happens to the caller's arrays (structuredClone took
    // most of this function's time at 100,000 entries).
    offerings: input.offerings.map((offering) => ({ ...offering })),
    entries: input.entries.map((entry) => ({ ...entry, choices: [...entry.choices] })),
    voided: input.voided.map((voided) => ({ ...voided })),
    results: outcome.results,
  };
}

import { z } from 'zod';

/**
 * The published record of a presale draw (docs/presale-draw.md): everything a fan or anyone else needs to recompute
 * the winners. Pure data, shared by the server that draws, the browser page that verifies and `npm run verify-draw`.
 */
export const DRAW_ALGORITHM = 'fc-draw-v1';

/** Entry and offering ids are plain ASCII so that the canonical list's bytes are the same in every language. */
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id: 1-64 characters of A-Z a-z 0-9 _ -');
const hex32 = z.string().regex(/^[0-9a-f]{64}$/, '32 bytes as lower-case hex');

export const drawEntrySchema = z.object({
  id,
  tickets: z.number().int().min(1).max(9),
  /** Offering ids, rank 1 first. */
  choices: z.array(id).min(1).max(9),
});

export const drawOfferingSchema = z.object({ id, capacity: z.number().int().min(0) });

/** What a record and every page say of a beacon the server drew itself (docs/presale-draw.md, section 1). */
export const LOCAL_BEACON_NOTE = 'デモ用のビーコン（検証不能）';
export const OPERATOR_BEACON_NOTE =
  '公開ビーコンを使わない抽選です。運営者が当選者を選べた可能性があります（検証不能）';

export const drawBeaconSchema = z.object({
  /**
   * 'drand' for a public round (its signature checked when the record was made); 'local' for the demo only
   * (DEMO_MODE); 'operator' where a production operator deliberately draws without a public beacon.
   */
  source: z.enum(['drand', 'local', 'operator']),
  round: z.number().int().min(0),
  randomness: z.string().regex(/^([0-9a-f]{2})+$/, 'hex bytes'),
  /** drand only: the network's BLS signature of the round; randomness = SHA-256(signature). */
  signature: z
    .string()
    .regex(/^([0-9a-f]{2})+$/, 'hex bytes')
    .optional(),
  /** local and operator only: LOCAL_BEACON_NOTE or OPERATOR_BEACON_NOTE, so that the record itself says so. */
  note: z.string().optional(),
});

export const drawResultSchema = z.discriminatedUnion('outcome', [
  z.object({ entry: id, outcome: z.literal('won'), rank: z.number().int().min(1), offering: id }),
  z.object({ entry: id, outcome: z.literal('lost') }),
  z.object({ entry: id, outcome: z.literal('void') }),
]);

export const drawRecordSchema = z.object({
  algorithm: z.literal(DRAW_ALGORITHM),
  presale: z.string().min(1),
  commitment: hex32,
  seed: hex32,
  entryListHash: hex32,
  beacon: drawBeaconSchema.nullable(),
  offerings: z.array(drawOfferingSchema).min(1),
  entries: z.array(drawEntrySchema),
  /** Entries in the frozen list that take no part in the allocation, each with its reason (e.g. not premium at the draw). */
  voided: z.array(z.object({ entry: id, reason: z.string().min(1) })),
  results: z.array(drawResultSchema),
});

export type DrawEntry = z.infer<typeof drawEntrySchema>;
export type DrawOffering = z.infer<typeof drawOfferingSchema>;
export type DrawBeacon = z.infer<typeof drawBeaconSchema>;
export type DrawResult = z.infer<typeof drawResultSchema>;
export type DrawRecord = z.infer<typeof drawRecordSchema>;

import { z } from 'zod';
import type { StoredDrawBeacon } from '@/server/db/json-types';

/**
 * The published record of a presale draw (docs/presale-draw.md, section 6): everything a fan or anyone else needs to
 * recompute the winners. Pure data, shared by the server that draws, the browser page that verifies and
 * `npm run verify-draw`. Exactly one shape is accepted: every object is strict (an unknown key is refused), and each
 * message names the section of the document that states the rule, so a refused record says what to read.
 */
export const DRAW_ALGORITHM = 'fc-draw-v1';

/** One alphabet for entry, offering and presale ids, so that the canonical list's bytes are the same everywhere. */
export const DRAW_ID = /^[A-Za-z0-9_-]{1,64}$/;
const id = z.string({ error: 'ID は文字列です（第2節）' }).regex(DRAW_ID, {
  error: 'ID は A-Z a-z 0-9 _ - の1〜64文字でなければなりません（第2節）',
});
const hex = (bytes: number, section: string) =>
  z
    .string({ error: `${bytes}バイトの16進文字列です（${section}）` })
    .regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`), {
      error: `ちょうど${bytes}バイトの小文字16進（${bytes * 2}文字）でなければなりません（${section}）`,
    });
const hex32 = hex(32, '第6節');
const integer = (min: number, max: number, rule: string) =>
  z.number({ error: rule }).int({ error: rule }).min(min, { error: rule }).max(max, { error: rule });

export const drawEntrySchema = z.strictObject({
  id,
  tickets: integer(1, 9, 'tickets は1〜9の整数です（第2節）'),
  /** Offering ids, rank 1 first; each offering at most once. */
  choices: z
    .array(id, { error: 'choices は席種IDの配列です（第2節）' })
    .min(1, { error: 'choices は1〜9個です（第2節）' })
    .max(9, { error: 'choices は1〜9個です（第2節）' })
    .refine((choices) => new Set(choices).size === choices.length, {
      error: '1件の応募の choices に同じ席種を2回書くことはできません（第2節）',
    }),
});

export const drawOfferingSchema = z.strictObject({
  id,
  capacity: integer(0, Number.MAX_SAFE_INTEGER, 'capacity は0以上の整数です（第2節）'),
});

/** What a record and every page say of a beacon the server drew itself (docs/presale-draw.md, section 1). */
export const LOCAL_BEACON_NOTE = 'デモ用のビーコン（検証不能）' as const;
export const OPERATOR_BEACON_NOTE =
  '公開ビーコンを使わない抽選です。運営者が当選者を選べた可能性があります（検証不能）' as const;

const round = integer(1, Number.MAX_SAFE_INTEGER, 'round は1以上の整数です（第1節）');
const randomness = hex(32, '第1節');

/**
 * 'drand' for a public round (its signature checked by every verifier); 'local' for the demo only (DEMO_MODE);
 * 'operator' where a production operator deliberately draws without a public beacon. For the last two, `round` is
 * the Unix time in whole seconds when the server drew the bytes: informational, not an input to the draw. What it
 * accepts fits `presales.beacon`, whose type the database declares (src/server/db/json-types.ts).
 */
/** The note of each beacon the server draws itself, by source. */
export const BEACON_NOTES = { local: LOCAL_BEACON_NOTE, operator: OPERATOR_BEACON_NOTE } as const;

export const drawBeaconSchema = z.discriminatedUnion(
  'source',
  [
    z.strictObject({ source: z.literal('drand'), round, randomness, signature: hex(48, '第1節') }),
    z.strictObject({
      source: z.literal('local'),
      round,
      randomness,
      note: z.literal(LOCAL_BEACON_NOTE, { error: `note は「${LOCAL_BEACON_NOTE}」です（第1節）` }),
    }),
    z.strictObject({
      source: z.literal('operator'),
      round,
      randomness,
      note: z.literal(OPERATOR_BEACON_NOTE, { error: `note は「${OPERATOR_BEACON_NOTE}」です（第1節）` }),
    }),
  ],
  { error: 'beacon.source は drand・local・operator のいずれかです（第1節）' },
) satisfies z.ZodType<StoredDrawBeacon>;

/** A lost or void result has no `rank` key at all (not null): one shape per outcome (section 6). */
export const drawResultSchema = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({
      entry: id,
      outcome: z.literal('won'),
      rank: integer(1, 9, 'rank は1〜9の整数です（第6節）'),
      offering: id,
    }),
    z.strictObject({ entry: id, outcome: z.literal('lost') }),
    z.strictObject({ entry: id, outcome: z.literal('void') }),
  ],
  { error: 'outcome は won・lost・void のいずれかです（第6節）' },
);

export const drawVoidedSchema = z.strictObject({
  entry: id,
  reason: z
    .string({ error: 'reason は文字列です（第6節）' })
    .min(1, { error: 'reason は空にできません（第6節）' }),
});

const list = <T extends z.ZodType>(item: T, name: string) =>
  z.array(item, { error: `${name} は配列です（第6節）` });

/** The kinds of second round (docs/presale-draw.md, section 9): a resale match time, or a 復活当選 draw. */
export const SECOND_ROUND_KINDS = ['resale', 'second-chance'] as const;
export type SecondRoundKind = (typeof SECOND_ROUND_KINDS)[number];

/**
 * What makes a record a second round's (section 9): its own id (the draw log's `presale` field for the round's
 * entries), its kind, its number among the presale's draws (the first round is 1) and the SHA-256 of the first
 * round's record file, which the site's log anchors. A first round's record has no `round` key at all.
 */
export const drawRoundSchema = z.strictObject({
  id,
  kind: z.enum(SECOND_ROUND_KINDS, { error: 'round.kind は resale・second-chance のいずれかです（第9節）' }),
  number: integer(2, 1_000_000, 'round.number は2以上の整数です（第9節）'),
  first: hex(32, '第9節'),
});

/** Key order here is the order the server writes (section 6); a reader accepts any order. */
export const drawRecordSchema = z.strictObject({
  algorithm: z.literal(DRAW_ALGORITHM, { error: `algorithm は "${DRAW_ALGORITHM}" です（第6節）` }),
  presale: id,
  /** Present exactly on a second round's record (section 9); absent (not null) on the first round's. */
  round: drawRoundSchema.optional(),
  commitment: hex32,
  seed: hex32,
  entryListHash: hex32,
  /** null only in the historical test vector 1: a record this server makes always has a beacon (section 1). */
  beacon: drawBeaconSchema.nullable(),
  offerings: list(drawOfferingSchema, 'offerings').min(1, { error: 'offerings は1件以上です（第6節）' }),
  entries: list(drawEntrySchema, 'entries'),
  /** Entries in the frozen list that take no part in the allocation, each with its reason (e.g. not premium at the draw). */
  voided: list(drawVoidedSchema, 'voided'),
  results: list(drawResultSchema, 'results'),
});

export type DrawEntry = z.infer<typeof drawEntrySchema>;
export type DrawOffering = z.infer<typeof drawOfferingSchema>;
export type DrawBeacon = z.infer<typeof drawBeaconSchema>;
export type DrawResult = z.infer<typeof drawResultSchema>;
export type DrawVoided = z.infer<typeof drawVoidedSchema>;
export type DrawRecord = z.infer<typeof drawRecordSchema>;
export type DrawRound = z.infer<typeof drawRoundSchema>;

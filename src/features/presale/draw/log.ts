import { z } from 'zod';
import { bytesToHex, concatBytes, hexToBytes, sha256 } from './bytes';
import type { DrawRecord } from './record';

/**
 * A site's public draw log, `fc-draw-log-v1` (docs/presale-draw.md, section 8): an append-only list of everything a
 * presale fixes in advance (the commitment and the beacon round when the window opens, a new round at an extension,
 * the frozen entry list at the close, the record's file hash at the draw). Each entry carries the hash of the one
 * before, so a later change to any past entry breaks every hash after it.
 */
export const DRAW_LOG_ALGORITHM = 'fc-draw-log-v1';

export const DRAW_LOG_KINDS = ['commitment', 'round', 'entry-list', 'record'] as const;
export type DrawLogKind = (typeof DRAW_LOG_KINDS)[number];

const hex32 = z.string().regex(/^[0-9a-f]{64}$/, '32 bytes as lower-case hex');
const GENESIS = '0'.repeat(64);

export const drawLogEntrySchema = z.strictObject({
  seq: z.number().int().min(1),
  /** UTC, ISO 8601 with milliseconds, as `Date.prototype.toISOString` writes it. */
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'at: YYYY-MM-DDTHH:MM:SS.mmmZ'),
  presale: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'presale: 1-64 characters of A-Z a-z 0-9 _ -'),
  kind: z.enum(DRAW_LOG_KINDS),
  value: z.string().regex(/^[\x21-\x7e]{1,200}$/, 'value: 1-200 printable ASCII characters'),
  prev: hex32,
  hash: hex32,
});
export const drawLogSchema = z.strictObject({
  algorithm: z.literal(DRAW_LOG_ALGORITHM),
  site: z.string().min(1),
  entries: z.array(drawLogEntrySchema),
});

export type DrawLogEntry = z.infer<typeof drawLogEntrySchema>;
export type DrawLog = z.infer<typeof drawLogSchema>;
export type DrawLogFields = Pick<DrawLogEntry, 'seq' | 'at' | 'presale' | 'kind' | 'value'>;

/** The bytes an entry's hash covers: `fc-draw-log-v1 TAB seq TAB at TAB presale TAB kind TAB value LF`, ASCII. */
export function drawLogLine(entry: DrawLogFields): string {
  return `${DRAW_LOG_ALGORITHM}\t${entry.seq}\t${entry.at}\t${entry.presale}\t${entry.kind}\t${entry.value}\n`;
}

/** hash = SHA-256(prev's 32 bytes ‖ line); the first entry's prev is 32 zero bytes. */
export async function drawLogHash(prev: string, entry: DrawLogFields): Promise<string> {
  return bytesToHex(
    await sha256(concatBytes(hexToBytes(prev), new TextEncoder().encode(drawLogLine(entry)))),
  );
}

/** The entry that follows `last` (null for the first of a site). */
export async function nextDrawLogEntry(
  last: Pick<DrawLogEntry, 'seq' | 'hash'> | null,
  fields: Omit<DrawLogFields, 'seq'>,
): Promise<DrawLogEntry> {
  const prev = last?.hash ?? GENESIS;
  const entry = { seq: (last?.seq ?? 0) + 1, ...fields };
  return { ...entry, prev, hash: await drawLogHash(prev, entry) };
}

/** The log's value for a beacon round: `drand:<round>`, or `local` (the demo) / `operator` (no public beacon). */
export function roundValue(beacon: { source: 'drand' | 'local' | 'operator'; round: number }): string {
  return beacon.source === 'drand' ? `drand:${beacon.round}` : beacon.source;
}

/** The log's value for a frozen entry list: `<entry list hash>:<number of entries>`. */
export const entryListValue = (hash: string, count: number) => `${hash}:${count}`;

/** Checks a whole log: its shape, its numbering from 1 and every link and hash. Problems in Japanese. */
export async function verifyDrawLog(
  input: unknown,
): Promise<{ ok: boolean; problems: string[]; log: DrawLog | null }> {
  const parsed = drawLogSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      problems: [
        `抽選ログの形式が正しくありません（${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}）`,
      ],
      log: null,
    };
  }
  const problems: string[] = [];
  let prev = GENESIS;
  for (const [index, entry] of parsed.data.entries.entries()) {
    if (entry.seq !== index + 1)
      problems.push(`抽選ログの ${index + 1} 番目の番号が ${entry.seq} です（連番の規則）。`);
    if (entry.prev !== prev)
      problems.push(`抽選ログの ${entry.seq} 番の prev が、前の項目のハッシュと一致しません。`);
    if ((await drawLogHash(entry.prev, entry)) !== entry.hash) {
      problems.push(`抽選ログの ${entry.seq} 番のハッシュが、内容から計算した値と一致しません。`);
    }
    prev = entry.hash;
  }
  return { ok: problems.length === 0, problems, log: parsed.data };
}

/** The id a draw's facts are logged under: the presale's for its first round, the round's own for a second (section 9). */
export const drawLogId = (record: Pick<DrawRecord, 'presale' | 'round'>): string =>
  record.round?.id ?? record.presale;

/**
 * Checks a published record against its site's log: the commitment was logged first, the beacon round logged
 * before the close is the record's, the frozen list's hash and count were logged at the close, and the record file
 * (its exact bytes) is the one logged at the draw.
 */
export async function checkRecordAgainstLog(
  record: DrawRecord,
  recordFile: Uint8Array,
  log: DrawLog,
): Promise<string[]> {
  const mine = log.entries.filter((entry) => entry.presale === drawLogId(record));
  const first = (kind: DrawLogKind) => mine.find((entry) => entry.kind === kind);
  const problems: string[] = [];
  const commitment = first('commitment');
  const list = first('entry-list');
  const logged = first('record');
  if (!commitment || commitment.value !== record.commitment) {
    problems.push('記録のコミットメントが、抽選ログに受付開始時に記録された値と一致しません。');
  }
  if (!list) {
    problems.push('抽選ログに、受付終了時の応募リストの記録がありません。');
  } else {
    if (commitment && commitment.seq > list.seq)
      problems.push('抽選ログで、コミットメントが受付終了より後に記録されています。');
    if (list.value !== entryListValue(record.entryListHash, record.entries.length)) {
      problems.push(
        '記録の応募リストのハッシュまたは件数が、抽選ログに受付終了時に記録された値と一致しません。',
      );
    }
    const rounds = mine.filter((entry) => entry.kind === 'round' && entry.seq < list.seq);
    const round = rounds.at(-1);
    if (!record.beacon || !round || round.value !== roundValue(record.beacon)) {
      problems.push('記録のビーコンのラウンドが、抽選ログに受付終了前に記録されたラウンドと一致しません。');
    }
  }
  const fileHash = bytesToHex(await sha256(recordFile));
  if (!logged || logged.value !== fileHash) {
    problems.push('この記録ファイルのハッシュが、抽選ログに抽選時に記録された値と一致しません。');
  } else if (list && logged.seq < list.seq) {
    problems.push('抽選ログで、抽選記録が受付終了より前に記録されています。');
  }
  if (record.round) problems.push(...firstRoundProblems(record.round, record.presale, log, commitment));
  return problems;
}

/**
 * A second round is linked to the first (section 9): the first round's record, as logged at its draw under the
 * presale's id, is the file whose hash the round names, and it was logged before the round committed its seed.
 */
function firstRoundProblems(
  round: NonNullable<DrawRecord['round']>,
  presale: string,
  log: DrawLog,
  commitment: DrawLogEntry | undefined,
): string[] {
  const first = log.entries.find((entry) => entry.presale === presale && entry.kind === 'record');
  if (!first || first.value !== round.first) {
    return ['round.first が、抽選ログに記録された第1回の抽選記録のハッシュと一致しません（第9節）。'];
  }
  if (commitment && commitment.seq < first.seq) {
    return ['抽選ログで、この回のコミットメントが第1回の抽選記録より前に記録されています（第9節）。'];
  }
  return [];
}

/**
 * A copy of the log someone saved earlier against the log now: a log is only ever appended to, so every entry of the
 * copy must still be there with the same hash. An operator who rewrites a past entry and hashes the whole chain again
 * gets a log that chains by itself; any copy kept from before the rewrite shows it.
 */
export function compareWithSavedLog(saved: DrawLog, current: DrawLog): string[] {
  if (saved.entries.length > current.entries.length) {
    return [
      `保存した抽選ログ（${saved.entries.length}件）より、今の抽選ログ（${current.entries.length}件）が短くなっています。`,
    ];
  }
  const changed = saved.entries.find((entry, index) => current.entries[index]?.hash !== entry.hash);
  return changed
    ? [`抽選ログの ${changed.seq} 番が、保存した写しから書き換えられています（追記のみの規則）。`]
    : [];
}

import { canonicalOrder } from './canonical';
import { runDraw, seedCommitment } from './draw';
import { drawRecordSchema, type DrawRecord, type DrawResult } from './record';

export interface Verification {
  ok: boolean;
  /** What did not match, in Japanese, for the verify page and the command. */
  problems: string[];
  /** The recomputed results, in canonical order (empty when the record could not be read). */
  results: DrawResult[];
}

const sameResult = (a: DrawResult | undefined, b: DrawResult) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Recomputes a published draw from its record alone: the seed against the commitment, the entry list against its
 * hash, and every result against a fresh draw. Any changed byte of an entry changes the hash or the results.
 */
export async function verifyDrawRecord(input: unknown): Promise<Verification> {
  const parsed = drawRecordSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: [`記録の形式が正しくありません: ${parsed.error.issues[0]?.message ?? ''}`],
      results: [],
    };
  }
  const record: DrawRecord = parsed.data;
  const problems: string[] = [];
  if ((await seedCommitment(record.seed)) !== record.commitment) {
    problems.push('公開されたシードが、受付開始時に公開したコミットメントと一致しません。');
  }
  if (record.beacon?.source === 'drand') {
    // Loaded only for a drand record: the pairing code stays out of every other page's scripts.
    const { checkDrandBeacon } = await import('./drand');
    if (!(await checkDrandBeacon(record.beacon))) {
      problems.push(`乱数ビーコン（drand ラウンド ${record.beacon.round}）の署名を検証できません。`);
    }
  }
  let outcome;
  try {
    canonicalOrder(record.entries);
    outcome = await runDraw({ ...record, voided: new Set(record.voided.map((v) => v.entry)) });
  } catch (error) {
    return { ok: false, problems: [...problems, `抽選を再計算できません: ${String(error)}`], results: [] };
  }
  if (outcome.entryListHash !== record.entryListHash) {
    problems.push('応募リストのハッシュが、受付終了時に公開した値と一致しません。');
  }
  const published = new Map(record.results.map((result) => [result.entry, result]));
  const mismatched = outcome.results.filter((result) => !sameResult(published.get(result.entry), result));
  if (mismatched.length > 0 || published.size !== outcome.results.length) {
    problems.push(`抽選結果が再計算と一致しません（${Math.max(mismatched.length, 1)}件）。`);
  }
  return { ok: problems.length === 0, problems, results: outcome.results };
}

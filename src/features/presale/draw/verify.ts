import { runDraw, seedCommitment } from './draw';
import { drawRecordSchema, type DrawRecord, type DrawResult } from './record';
import { describeIssue, recordRuleProblems, type DrawCheck, type RuleProblem } from './rules';

export interface Verification {
  ok: boolean;
  /** What did not match, in Japanese, each naming its rule, for the verify page and the command. */
  problems: string[];
  /** True but worth saying: a beacon nobody outside can check, or none at all (the historical vector 1). */
  warnings: string[];
  /** Each check's problems: empty when it passed, null when it could not run (the record could not be read). */
  checks: Record<DrawCheck, string[] | null>;
  /** The recomputed results, in canonical order (empty when the record could not be read). */
  results: DrawResult[];
  /** The record as read, when it has the one accepted shape. */
  record: DrawRecord | null;
}

/** Schema issues reported in full up to this many; a record this broken needs no longer list. */
const MAX_ISSUES = 20;

function verification(problems: RuleProblem[], rest: Partial<Verification> = {}): Verification {
  const checks: Verification['checks'] = {
    format: [],
    commitment: [],
    entryList: [],
    beacon: [],
    results: [],
  };
  for (const problem of problems) checks[problem.check]!.push(problem.message);
  return {
    ok: problems.length === 0,
    problems: problems.map((p) => p.message),
    warnings: [],
    checks,
    results: [],
    record: null,
    ...rest,
  };
}

/** Nothing was recomputed: the checks without a problem of their own were not run, not passed. */
function notRun(failed: Verification): Verification {
  for (const name of Object.keys(failed.checks) as DrawCheck[]) {
    if (failed.checks[name]!.length === 0) failed.checks[name] = null;
  }
  return failed;
}

const sameResult = (a: DrawResult | undefined, b: DrawResult) =>
  a?.entry === b.entry &&
  a.outcome === b.outcome &&
  (a.outcome !== 'won' || (b.outcome === 'won' && a.rank === b.rank && a.offering === b.offering));

function beaconWarnings(record: DrawRecord): string[] {
  if (!record.beacon) {
    return [
      'ビーコンのない記録です。この形はテストベクトル1のためだけにあり、本サーバーの記録には必ずビーコンがあります（第1節）。',
    ];
  }
  return record.beacon.source === 'drand' ? [] : [record.beacon.note];
}

/**
 * Recomputes a published draw from its record alone: the record's one accepted shape, the seed against the
 * commitment, the entry list against its hash, the beacon's signature and every result against a fresh draw.
 */
export async function verifyDrawRecord(input: unknown): Promise<Verification> {
  const parsed = drawRecordSchema.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const problems = issues.slice(0, MAX_ISSUES).map(describeIssue);
    if (issues.length > MAX_ISSUES) {
      problems.push({ check: 'format', message: `ほか${issues.length - MAX_ISSUES}件の形式の誤り` });
    }
    return notRun(verification(problems));
  }
  const record = parsed.data;
  const rest = { record, warnings: beaconWarnings(record) };
  const rules = recordRuleProblems(record);
  if (rules.length > 0) return notRun(verification(rules, rest));
  const problems: RuleProblem[] = [];
  if ((await seedCommitment(record.seed)) !== record.commitment) {
    problems.push({
      check: 'commitment',
      message: '公開されたシードの SHA-256 が、受付開始時に公開したコミットメントと一致しません（第1節）。',
    });
  }
  if (record.beacon?.source === 'drand') {
    // Loaded only for a drand record: the pairing code stays out of every other page's scripts.
    const { checkDrandBeacon } = await import('./drand');
    if (!(await checkDrandBeacon(record.beacon))) {
      problems.push({
        check: 'beacon',
        message: `乱数ビーコン（drand ラウンド ${record.beacon.round}）の署名を検証できません（第1節）。`,
      });
    }
  }
  const outcome = await runDraw({ ...record, voided: new Set(record.voided.map((v) => v.entry)) });
  if (outcome.entryListHash !== record.entryListHash) {
    problems.push({
      check: 'entryList',
      message: '応募リストのハッシュが、entries から計算した値（第2節）と一致しません。',
    });
  }
  const mismatched = outcome.results.filter((result, i) => !sameResult(record.results[i], result));
  if (mismatched.length > 0) {
    problems.push({
      check: 'results',
      message: `抽選結果が再計算（第3〜5節）と一致しません（${mismatched.length}件、最初は応募「${mismatched[0]!.entry}」）。`,
    });
  }
  return verification(problems, { ...rest, results: outcome.results });
}

/**
 * Verifies a record file as served: UTF-8 JSON (section 6). The bytes themselves are what the draw log anchors
 * (section 8), so callers that have them should keep them for checkRecordAgainstLog.
 */
export async function verifyDrawRecordFile(bytes: Uint8Array): Promise<Verification> {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes));
  } catch {
    return verification([
      { check: 'format', message: '記録ファイルが UTF-8 の JSON として読めません（第6節）。' },
    ]);
  }
  return verifyDrawRecord(json);
}

import { checkRecordAgainstLog, verifyDrawLog } from './log';
import { verifyDrawRecordFile, type Verification } from './verify';

export interface PublishedDrawVerification {
  /** True only when the record verifies and, when a log was given, the log chains and anchors the record. */
  ok: boolean;
  record: Verification;
  /** The draw log's check: its own chain, then the record against it; null when no log was given. */
  log: { ok: boolean; problems: string[] } | null;
  /** The record's warnings, and that it is not anchored when there is no log. */
  warnings: string[];
}

export const NOT_ANCHORED =
  '抽選ログと照合していません。記録のコミットメントが受付開始時に公開された値かどうかは確かめられていません（第8節）。';

/** The log as the verifier got it: its JSON, why it could not be read (a failure, not a skip), or none asked for. */
export type DrawLogSource = { json: unknown } | { error: string } | null;

/**
 * Everything a verifier checks of a published draw (docs/presale-draw.md, sections 6 and 8): the record file's exact
 * bytes, and the site's draw log when there is one. The command and the browser page both call this, so they refuse
 * the same things with the same words.
 */
export async function verifyPublishedDraw(
  recordFile: Uint8Array,
  log: DrawLogSource,
): Promise<PublishedDrawVerification> {
  const record = await verifyDrawRecordFile(recordFile);
  if (log === null) {
    return { ok: record.ok, record, log: null, warnings: [...record.warnings, NOT_ANCHORED] };
  }
  if ('error' in log) {
    return { ok: false, record, log: { ok: false, problems: [log.error] }, warnings: record.warnings };
  }
  const chain = await verifyDrawLog(log.json);
  const problems = [...chain.problems];
  // A log whose chain is broken is still compared: the reader sees both what broke and what no longer matches.
  if (chain.log && record.record) {
    problems.push(...(await checkRecordAgainstLog(record.record, recordFile, chain.log)));
  } else if (chain.log) {
    problems.push('記録が読めないため、抽選ログと照合できません。');
  }
  const logCheck = { ok: problems.length === 0, problems };
  return { ok: record.ok && logCheck.ok, record, log: logCheck, warnings: record.warnings };
}

import {
  compareWithSavedLog,
  drawLogSchema,
  verifyDrawLog,
  type PublishedDrawVerification,
} from '@/features/presale/draw';

const KEY = 'fc-draw-log-copy';

/**
 * The copy of the site's draw log this browser kept at its last verification (docs/presale-draw.md, section 8): the
 * log now must begin with it unchanged, so a log rewritten whole and hashed again shows to a fan who has checked
 * before, without their keeping a file. The copy is then replaced by the log now, when that chains.
 */
export async function checkKeptCopy(
  verified: PublishedDrawVerification,
  logJson: unknown,
): Promise<PublishedDrawVerification> {
  const current = await verifyDrawLog(logJson);
  if (!current.log || !verified.log) return verified;
  let kept = null;
  try {
    kept = drawLogSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null')).data ?? null;
  } catch {
    // Storage refused (private mode) or a damaged copy: nothing to compare with.
  }
  const problems = kept && kept.site === current.log.site ? compareWithSavedLog(kept, current.log) : [];
  if (problems.length === 0 && current.ok) {
    try {
      localStorage.setItem(KEY, JSON.stringify(current.log));
    } catch {
      // Storage full or refused: the next visit compares with nothing, as a first visit does.
    }
  }
  if (problems.length === 0) return verified;
  const wording = problems.map((problem) => `このブラウザが前回の検証で保存した写しと比べて：${problem}`);
  return { ...verified, ok: false, log: { ok: false, problems: [...verified.log.problems, ...wording] } };
}

import { DRAW_CHECK_LABELS, type DrawCheck, type PublishedDrawVerification } from '@/features/presale/draw';

type Row = { key: string; label: string; problems: string[] | null };

/** null: not run (an earlier check failed, or no log could be read). */
const mark = (problems: string[] | null) =>
  problems === null
    ? { sign: '–', text: '未確認' }
    : problems.length === 0
      ? { sign: '✓', text: '一致' }
      : { sign: '✗', text: '不一致' };

/**
 * One line per check the page ran (docs/presale-draw.md, sections 6 and 8), so that a fan sees what passed, not only
 * a verdict. The record's shape gets a line only when something in it was refused.
 */
export function DrawChecks({ verified }: { verified: PublishedDrawVerification }) {
  const checks = verified.record.checks;
  const rows: Row[] = (Object.keys(DRAW_CHECK_LABELS) as DrawCheck[])
    .filter((check) => check !== 'format' || (checks.format?.length ?? 0) > 0)
    .map((check) => ({ key: check, label: DRAW_CHECK_LABELS[check], problems: checks[check] }));
  rows.push({ key: 'log', label: '抽選ログ', problems: verified.log?.problems ?? null });
  return (
    <ul aria-label="検証の項目" className="space-y-2 text-sm">
      {rows.map((row) => {
        const { sign, text } = mark(row.problems);
        const failed = (row.problems?.length ?? 0) > 0;
        return (
          <li
            key={row.key}
            data-check={row.key}
            data-result={text}
            className="rounded-lg border border-line px-3 py-2"
          >
            <span className={`font-bold ${failed ? 'text-error' : ''}`}>
              <span aria-hidden="true">{sign}</span> {row.label}：{text}
            </span>
            {row.problems?.map((problem) => (
              <p key={problem} className="mt-1 text-error">
                {problem}
              </p>
            ))}
          </li>
        );
      })}
    </ul>
  );
}

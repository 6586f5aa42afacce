import { JAPANESE, describe, jsonOf, type Answer } from './http';

/**
 * The suite's targets (issue 18). REQUEST_MS: no request may wait longer, whatever fails behind it (the app's own
 * timeouts on the database, the identity provider and the payment provider sit below it). FAIL_FAST_MS: a request
 * that cannot be served (a table locked) must give up within it. CACHED_MS: a page the front server keeps.
 */
export const BOUNDS = {
  REQUEST_MS: 12_000,
  FAIL_FAST_MS: 6_000,
  CACHED_MS: 1_000,
  RECOVERY_MS: 10_000,
  IDENTITY_MS: 12_000,
} as const;

export type Expectation = 'cached' | 'page503' | 'api503';

/** Why an answer does not meet the expectation, or null when it does. */
export function fault(expectation: Expectation, answer: Answer, limitMs: number): string | null {
  if (!answer.status) return `${answer.failure} after ${answer.ms} ms`;
  const type = answer.headers?.get('content-type') ?? '';
  if (expectation === 'cached') {
    if (answer.status !== 200) return `${answer.status}`;
    return answer.ms > limitMs ? `200 in ${answer.ms} ms` : null;
  }
  if (answer.status !== 503) return `${answer.status}${answer.ms > limitMs ? ` in ${answer.ms} ms` : ''}`;
  if (answer.ms > limitMs) return `503 in ${answer.ms} ms`;
  if (expectation === 'api503') {
    if (!type.includes('application/json')) return `503 as ${type}`;
    const error = jsonOf(answer)?.error as { message?: unknown } | undefined;
    return typeof error?.message === 'string' && JAPANESE.test(error.message)
      ? null
      : '503 without a Japanese message';
  }
  if (!answer.headers?.get('retry-after')) return '503 without Retry-After';
  if (!type.includes('text/html')) return `503 as ${type}`;
  if (answer.text.includes('Internal Server Error')) return '503 saying Internal Server Error';
  return JAPANESE.test(answer.text) ? null : '503 without Japanese text';
}

/** "3/10 as expected (500 x7)": how many answers met the expectation, and what the others were. */
export function judged(expectation: Expectation, answers: Answer[], limitMs: number) {
  const reasons = new Map<string, number>();
  for (const answer of answers) {
    const reason = fault(expectation, answer, limitMs);
    if (reason) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const bad = [...reasons.values()].reduce((sum, n) => sum + n, 0);
  const seen = [...reasons].map(([reason, n]) => `${reason} x${n}`).join(', ');
  const pass = answers.length > 0 && bad === 0;
  return { pass, figure: `${answers.length - bad}/${answers.length} as expected${seen ? ` (${seen})` : ''}` };
}

/** "200 x12, 500 x20, network x8". */
export function statusCounts(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) counts.set(describe(answer), (counts.get(describe(answer)) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${status} x${n}`).join(', ');
}

export const slowest = (answers: Answer[]) => Math.max(0, ...answers.map((answer) => answer.ms));
export const timeouts = (answers: Answer[]) =>
  answers.filter((answer) => answer.failure === 'timeout').length;

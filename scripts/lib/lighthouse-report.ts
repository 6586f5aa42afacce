import type { PageMeasure } from './lighthouse-audit';

/** Issue 7's targets for the public pages on Lighthouse's mobile settings. */
export const TARGETS = { score: 95, cls: 0.05, lcpMs: 2_000, topJsBytes: 130 * 1024 };

/** The middle of the runs' figures (the mean of the two middle ones for an even count). */
export function medianOf(numbers: number[]): number {
  const sorted = [...numbers].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export type PageResult = PageMeasure & { name: string; path: string };

export interface Check {
  page: string;
  target: string;
  value: string;
  pass: boolean;
}

function authTiming(page: PageResult): string {
  if (page.authRequestMs === null) return 'not loaded';
  const when = page.authRequestMs < page.observedFcpMs ? 'before' : 'after';
  return `${when} FCP (${Math.round(page.authRequestMs)} ms, FCP ${Math.round(page.observedFcpMs)} ms)`;
}

export function checkTargets(pages: PageResult[]): Check[] {
  const checks: Check[] = [];
  for (const page of pages) {
    const add = (target: string, value: string, pass: boolean) =>
      checks.push({ page: page.name, target, value, pass });
    add(`score >= ${TARGETS.score}`, String(page.score), page.score >= TARGETS.score);
    add(`CLS <= ${TARGETS.cls}`, page.cls.toFixed(3), page.cls <= TARGETS.cls);
    add(
      `LCP <= ${TARGETS.lcpMs / 1000} s`,
      `${(page.lcpMs / 1000).toFixed(2)} s`,
      page.lcpMs <= TARGETS.lcpMs,
    );
    if (page.path === '/') {
      add(
        `JS <= ${TARGETS.topJsBytes / 1024} kB`,
        `${(page.jsBytes / 1024).toFixed(1)} kB`,
        page.jsBytes <= TARGETS.topJsBytes,
      );
    }
    // The SDK must not hold back the first paint of a public page: it may load after it, better not at all.
    add(
      'auth SDK not before FCP',
      authTiming(page),
      page.authRequestMs === null || page.authRequestMs >= page.observedFcpMs,
    );
  }
  return checks;
}

const mark = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

export function printTable(pages: PageResult[], checks: Check[]): void {
  const rows = pages.map((page) => {
    const of = (prefix: string) =>
      checks.find((check) => check.page === page.name && check.target.startsWith(prefix));
    const cell = (value: string, prefix: string) => {
      const check = of(prefix);
      return check ? `${value} ${mark(check.pass)}` : value;
    };
    return {
      page: `${page.name} (${page.path.length > 16 ? `${page.path.slice(0, 15)}…` : page.path})`,
      score: cell(String(page.score), 'score'),
      'LCP (s)': cell((page.lcpMs / 1000).toFixed(2), 'LCP'),
      CLS: cell(page.cls.toFixed(3), 'CLS'),
      'TBT (ms)': String(Math.round(page.tbtMs)),
      'FCP (s)': (page.fcpMs / 1000).toFixed(2),
      'JS (kB)': cell((page.jsBytes / 1024).toFixed(1), 'JS'),
      'auth SDK': cell(authTiming(page), 'auth'),
    };
  });
  const headers = Object.keys(rows[0] ?? {}) as (keyof (typeof rows)[number])[];
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((row) => row[h].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(headers)}`);
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(headers.map((h) => row[h])));
  const failed = checks.filter((check) => !check.pass);
  console.log(
    failed.length === 0
      ? '\nAll targets met.'
      : `\nMissed: ${failed.map((c) => `${c.page}: ${c.target} (${c.value})`).join('; ')}`,
  );
}

/** The verdicts, table and JSON file of `npm run bench`. */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONNECTIONS, MEASURE_SECONDS, WARM_UP_SECONDS, type Measurement, type Target } from './bench-load';

export const LIMITS = {
  p99Ms: 250,
  guestShare: 0.1,
  premiumShare: 0.03,
  memberRoundTrips: 3,
  rssMiB: 300,
};

export interface TargetResult extends Measurement {
  name: string;
  kind: Target['kind'];
  url: string;
  /** Share of the ceiling's req/s (the ceiling itself: 1). */
  share: number;
  /** x-db-round-trips of one page view outside the load; null when the app does not send the header. */
  roundTrips: number | null;
  measuredPid: number;
  measuredCommand: string;
}

export interface Rule {
  target: string;
  rule: string;
  pass: boolean;
}

const MiB = 1024 * 1024;
const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

export function rulesFor(result: TargetResult): Rule[] {
  const rule = (text: string, pass: boolean): Rule => ({ target: result.name, rule: text, pass });
  const rules = [
    rule(`p99 ${result.p99Ms} ms <= ${LIMITS.p99Ms} ms`, result.p99Ms <= LIMITS.p99Ms),
    rule(`errors ${result.errors} = 0`, result.errors === 0),
  ];
  if (result.kind === 'ceiling') return rules;
  const rss = result.maxRssBytes === null ? null : result.maxRssBytes / MiB;
  rules.push(
    rule(
      `app server RSS ${rss === null ? 'n/a' : `${rss.toFixed(0)} MiB`} <= ${LIMITS.rssMiB} MiB`,
      rss !== null && rss <= LIMITS.rssMiB,
    ),
  );
  const floor =
    result.kind === 'premium' ? LIMITS.premiumShare : result.kind === 'guest' ? LIMITS.guestShare : 0;
  if (floor > 0)
    rules.push(rule(`${pct(result.share)} of the ceiling >= ${pct(floor)}`, result.share >= floor));
  if (result.kind !== 'guest') {
    rules.push(
      rule(
        `DB round trips per view ${result.roundTrips ?? 'n/a'} <= ${LIMITS.memberRoundTrips}`,
        result.roundTrips !== null && result.roundTrips <= LIMITS.memberRoundTrips,
      ),
    );
  }
  return rules;
}

export function printTable(results: TargetResult[]): void {
  const header = [
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    '% of ceiling',
    'RSS MiB',
    'DB round trips',
  ];
  const rows = results.map((r) => [
    r.name,
    r.requestsPerSecond.toFixed(0),
    String(r.p50Ms),
    String(r.p99Ms),
    String(r.errors),
    pct(r.share),
    r.maxRssBytes === null ? 'n/a' : (r.maxRssBytes / MiB).toFixed(0),
    r.kind === 'ceiling' ? '-' : String(r.roundTrips ?? 'n/a'),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

export function printRules(rules: Rule[]): void {
  for (const rule of rules) console.log(`${rule.pass ? 'PASS' : 'FAIL'}  ${rule.target}: ${rule.rule}`);
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    return dirty.trim() ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'unknown';
  }
}

/** Writes bench/results/bench-<ISO time>.json and answers its path. */
export async function writeResults(report: {
  startedAt: Date;
  /** Part of the file name, e.g. 'pglite', so that a variant's results are never taken for the main run's. */
  variant: string | null;
  database: string;
  notes: string[];
  seed: unknown;
  results: TargetResult[];
  rules: Rule[];
}): Promise<string> {
  const dir = path.resolve('bench/results');
  await mkdir(dir, { recursive: true });
  const stamp = report.startedAt.toISOString().replaceAll(':', '-');
  const file = path.join(dir, `bench-${report.variant ? `${report.variant}-` : ''}${stamp}.json`);
  const cpus = os.cpus();
  const json = {
    date: report.startedAt.toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      memoryMiB: Math.round(os.totalmem() / MiB),
      platform: `${os.platform()} ${os.release()}`,
    },
    node: process.version,
    commit: gitCommit(),
    database: report.database,
    variant: report.variant,
    load: {
      tool: 'autocannon 8.0.0',
      connections: CONNECTIONS,
      warmUpSeconds: WARM_UP_SECONDS,
      measuredSeconds: MEASURE_SECONDS,
    },
    limits: LIMITS,
    notes: report.notes,
    seed: report.seed,
    targets: report.results,
    rules: report.rules,
    pass: report.rules.every((rule) => rule.pass),
  };
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
  return file;
}

/** The verdicts, tables and JSON file of `npm run bench`. */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BURST, type BurstResult } from './bench-burst';
import { CONNECTIONS, MEASURE_SECONDS, WARM_UP_SECONDS, type Measurement, type Target } from './bench-load';

export const LIMITS = {
  /** Every target, in every round, at 50 connections. */
  p99Ms: 250,
  /** Median over the rounds of (target req/s / its own ceiling's req/s in the same round). */
  guestShare: 0.6,
  premiumShare: 0.25,
  memberRoundTrips: 3,
  burstP99Ms: 500,
  /** The app server's RSS, sampled during the presale burst. */
  rssMiB: 260,
  /** The app server's RSS at rest: every target served once, then quiet (restingRss). */
  restRssMiB: 200,
};

/** The app server at rest: its RSS sampled over a few seconds of quiet, after it has served every target once. */
export interface RestResult {
  quietSeconds: number;
  maxRssBytes: number | null;
  samples: number;
}

export function restRules(rest: RestResult): Rule[] {
  const rss = rest.maxRssBytes === null ? null : rest.maxRssBytes / MiB;
  return [
    {
      target: 'at rest',
      rule:
        `app server RSS max ${rss === null ? 'n/a' : `${rss.toFixed(0)} MiB`} (${rest.samples} samples after ` +
        `${rest.quietSeconds} s of quiet) <= ${LIMITS.restRssMiB} MiB`,
      pass: rss !== null && rss <= LIMITS.restRssMiB,
    },
  ];
}

/** One round of one target: the target's run, then its ceiling's. */
export interface RoundResult {
  round: number;
  target: Measurement;
  ceiling: Measurement;
  /** target req/s / ceiling req/s. */
  ratio: number;
}

/** The re-check target's sessions in one round: how many it sent, of how many due, and what the app made of them. */
export interface RecheckRound {
  round: number;
  /** Sessions made due before the run; each request takes the next one. */
  dueSessions: number;
  /** Requests sent in the run (warm-up and measured), hence sessions used. */
  sessionsUsed: number;
  /** Sessions the app checked with the identity provider and marked so (verified_at moved on) during the run. */
  checkedByApp: number;
  /** Lines "Session re-check failed" the app logged during the run. */
  failedChecks: number;
}

export interface PremiumCheck {
  round: number;
  when: 'before' | 'after';
  /** null: the premium rendering, as it must be. */
  problem: string | null;
}

export interface TargetResult {
  name: string;
  kind: Target['kind'];
  url: string;
  ceilingUrl: string;
  /** Bytes of the body the ceiling serves (the target's answer, captured once). */
  bytes: number;
  /** x-db-round-trips of one page view outside the load; null when the app does not send the header. */
  roundTrips: number | null;
  rounds: RoundResult[];
  premiumChecks: PremiumCheck[];
  recheck: RecheckRound[] | null;
  measuredPid: number;
  measuredCommand: string;
}

export interface Summary {
  requestsPerSecond: number;
  ceilingRequestsPerSecond: number;
  ratio: number;
  minRatio: number;
  maxRatio: number;
  p99Ms: number;
  maxP99Ms: number;
  errors: number;
  ceilingErrors: number;
  maxRssBytes: number | null;
}

export interface Rule {
  target: string;
  rule: string;
  pass: boolean;
}

const MiB = 1024 * 1024;
const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
export const mib = (bytes: number | null) => (bytes === null ? 'n/a' : (bytes / MiB).toFixed(0));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarize(result: TargetResult): Summary {
  const ratios = result.rounds.map((round) => round.ratio);
  const rss = result.rounds.flatMap((round) =>
    round.target.maxRssBytes === null ? [] : [round.target.maxRssBytes],
  );
  return {
    requestsPerSecond: median(result.rounds.map((round) => round.target.requestsPerSecond)),
    ceilingRequestsPerSecond: median(result.rounds.map((round) => round.ceiling.requestsPerSecond)),
    ratio: median(ratios),
    minRatio: Math.min(...ratios),
    maxRatio: Math.max(...ratios),
    p99Ms: median(result.rounds.map((round) => round.target.p99Ms)),
    maxP99Ms: Math.max(...result.rounds.map((round) => round.target.p99Ms)),
    errors: result.rounds.reduce((sum, round) => sum + round.target.errors, 0),
    ceilingErrors: result.rounds.reduce((sum, round) => sum + round.ceiling.errors, 0),
    maxRssBytes: rss.length > 0 ? Math.max(...rss) : null,
  };
}

export function rulesFor(result: TargetResult): Rule[] {
  const summary = summarize(result);
  const rule = (text: string, pass: boolean): Rule => ({ target: result.name, rule: text, pass });
  const rounds = result.rounds.length;
  const floor =
    result.kind === 'premium' ? LIMITS.premiumShare : result.kind === 'guest' ? LIMITS.guestShare : 0;
  const rules: Rule[] = [];
  if (floor > 0) {
    rules.push(
      rule(
        `median ${pct(summary.ratio)} of its ceiling (${pct(summary.minRatio)}-${pct(summary.maxRatio)} over ` +
          `${rounds} rounds) >= ${pct(floor)}`,
        summary.ratio >= floor,
      ),
    );
  }
  rules.push(
    rule(
      `p99 ${summary.maxP99Ms} ms in its worst of ${rounds} rounds (median ${summary.p99Ms} ms) <= ${LIMITS.p99Ms} ms`,
      summary.maxP99Ms <= LIMITS.p99Ms,
    ),
    rule(
      `errors ${summary.errors} = 0 (socket errors, timeouts, non-2xx; its ceiling: ${summary.ceilingErrors})`,
      summary.errors === 0 && summary.ceilingErrors === 0,
    ),
  );
  if (result.kind !== 'guest') {
    rules.push(
      rule(
        `DB round trips per view ${result.roundTrips ?? 'n/a'} <= ${LIMITS.memberRoundTrips}`,
        result.roundTrips !== null && result.roundTrips <= LIMITS.memberRoundTrips,
      ),
    );
  }
  if (result.kind === 'premium') {
    const failed = result.premiumChecks.filter((check) => check.problem !== null);
    rules.push(
      rule(
        `premium rendering before and after every run: ${result.premiumChecks.length - failed.length}/` +
          `${result.premiumChecks.length}${failed.length > 0 ? ` (${failed.map((check) => `round ${check.round} ${check.when}: ${check.problem}`).join('; ')})` : ''}`,
        failed.length === 0 && result.premiumChecks.length === 2 * rounds,
      ),
    );
  }
  if (result.recheck) {
    const used = Math.max(...result.recheck.map((round) => round.sessionsUsed));
    const due = Math.min(...result.recheck.map((round) => round.dueSessions));
    rules.push(
      rule(
        `every request's session due for its check: at most ${used} requests per run, ${due} due sessions`,
        used <= due,
      ),
    );
  }
  return rules;
}

export function burstRules(burst: BurstResult): Rule[] {
  const rule = (text: string, pass: boolean): Rule => ({ target: 'presale burst', rule: text, pass });
  const rss = burst.maxRssBytes === null ? null : burst.maxRssBytes / MiB;
  return [
    rule(`p99 ${burst.p99Ms} ms <= ${LIMITS.burstP99Ms} ms`, burst.p99Ms <= LIMITS.burstP99Ms),
    rule(
      `errors ${burst.errors} = 0 (socket errors and timeouts ${burst.errors - burst.non2xx}, non-2xx ${burst.non2xx})`,
      burst.errors === 0,
    ),
    rule(
      `app server RSS max ${rss === null ? 'n/a' : `${rss.toFixed(0)} MiB`} (${burst.rssSamples} samples) <= ${LIMITS.rssMiB} MiB`,
      rss !== null && rss <= LIMITS.rssMiB,
    ),
    rule(
      `every answer the premium rendering: ${burst.wrongAnswers} of ${burst.checkedAnswers} not` +
        (burst.wrongExamples.length > 0 ? ` (${burst.wrongExamples.join('; ')})` : ''),
      burst.wrongAnswers === 0 && burst.checkedAnswers > 0,
    ),
    rule(
      `distinct sessions sent ${burst.distinctSessions} = ${BURST.sessions}`,
      burst.distinctSessions === BURST.sessions,
    ),
  ];
}

function printColumns(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

export function printTable(results: TargetResult[]): void {
  printColumns(
    [
      'target',
      'req/s',
      'ceiling req/s',
      'ratio',
      'ratio min-max',
      'p99 ms',
      'p99 max',
      'errors',
      'RSS MiB',
      'DB round trips',
    ],
    results.map((result) => {
      const s = summarize(result);
      return [
        result.name,
        s.requestsPerSecond.toFixed(0),
        s.ceilingRequestsPerSecond.toFixed(0),
        pct(s.ratio),
        `${pct(s.minRatio)}-${pct(s.maxRatio)}`,
        String(s.p99Ms),
        String(s.maxP99Ms),
        String(s.errors),
        mib(s.maxRssBytes),
        String(result.roundTrips ?? 'n/a'),
      ];
    }),
  );
}

/** The CPU seconds of a run, e.g. "app 4.1, emulator 0.3". */
export function cpuText(measurement: Measurement): string {
  return Object.entries(measurement.cpuSeconds)
    .map(([name, seconds]) => `${name} ${seconds === null ? 'n/a' : seconds.toFixed(1)}`)
    .join(', ');
}

export function printRounds(results: TargetResult[]): void {
  const rows = results.flatMap((result) =>
    result.rounds.map((round) => [
      result.name,
      String(round.round),
      round.target.requestsPerSecond.toFixed(0),
      round.ceiling.requestsPerSecond.toFixed(0),
      pct(round.ratio),
      String(round.target.p50Ms),
      String(round.target.p99Ms),
      String(round.ceiling.p99Ms),
      String(round.target.errors),
      cpuText(round.target),
      cpuText(round.ceiling),
    ]),
  );
  printColumns(
    [
      'target',
      'round',
      'req/s',
      'ceiling req/s',
      'ratio',
      'p50 ms',
      'p99 ms',
      'ceiling p99',
      'errors',
      'CPU s',
      'ceiling CPU s',
    ],
    rows,
  );
}

export function printBurst(burst: BurstResult): void {
  printColumns(
    [
      'burst',
      'req/s',
      'p50 ms',
      'p99 ms',
      'requests',
      'errors',
      'non-2xx',
      'RSS MiB max',
      'sessions',
      'CPU s',
    ],
    [
      [
        `${burst.paths.join(' + ')}, ${burst.connections} connections, ${burst.seconds} s`,
        burst.requestsPerSecond.toFixed(0),
        String(burst.p50Ms),
        String(burst.p99Ms),
        String(burst.requests),
        String(burst.errors - burst.non2xx),
        String(burst.non2xx),
        mib(burst.maxRssBytes),
        `${burst.distinctSessions}/${burst.sessions}`,
        cpuText(burst),
      ],
    ],
  );
}

export function printRules(rules: Rule[]): void {
  for (const rule of rules) console.log(`${rule.pass ? 'PASS' : 'FAIL'}  ${rule.target}: ${rule.rule}`);
}

export function gitCommit(): string {
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
  /** From start to verdict: the build (when needed), the seed, the rounds and the burst. */
  elapsedSeconds: number;
  /** 1-minute load average at the start and after the burst: how busy the shared machine was. */
  loadAverage: { start: number; end: number };
  /** Part of the file name, e.g. 'pglite', so that a variant's results are never taken for the main run's. */
  variant: string | null;
  database: string;
  rounds: number;
  notes: string[];
  seed: unknown;
  results: TargetResult[];
  rest: RestResult;
  /** The burst's figures, with whatever the caller adds to them (its checks). */
  burst: BurstResult & Record<string, unknown>;
  rules: Rule[];
}): Promise<string> {
  const dir = path.resolve('bench/results');
  await mkdir(dir, { recursive: true });
  const stamp = report.startedAt.toISOString().replaceAll(':', '-');
  const file = path.join(dir, `bench-${report.variant ? `${report.variant}-` : ''}${stamp}.json`);
  const cpus = os.cpus();
  const json = {
    date: report.startedAt.toISOString(),
    elapsedSeconds: report.elapsedSeconds,
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      memoryMiB: Math.round(os.totalmem() / MiB),
      platform: `${os.platform()} ${os.release()}`,
      loadAverage: report.loadAverage,
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
      rounds: report.rounds,
      burst: BURST,
    },
    limits: LIMITS,
    notes: report.notes,
    seed: report.seed,
    targets: report.results.map((result) => ({ ...result, summary: summarize(result) })),
    burst: report.burst,
    rules: report.rules,
    pass: report.rules.every((rule) => rule.pass),
  };
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
  return file;
}

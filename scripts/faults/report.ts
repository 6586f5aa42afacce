import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The suite's table: one row per check of each scenario with its figure and target. A row without a verdict
 * (pass null) is a figure reported for reading, not asserted (e.g. memory).
 */
export interface Check {
  scenario: string;
  name: string;
  figure: string;
  target: string;
  pass: boolean | null;
}

export interface ScenarioReport {
  name: string;
  ms: number;
  checks: Check[];
  figures: Record<string, unknown>;
  error: string | null;
}

export class Scenario {
  readonly report: ScenarioReport;
  constructor(name: string) {
    this.report = { name, ms: 0, checks: [], figures: {}, error: null };
  }
  check(name: string, figure: string | number, target: string, pass: boolean) {
    this.report.checks.push({ scenario: this.report.name, name, figure: String(figure), target, pass });
  }
  info(name: string, figure: string | number) {
    this.report.checks.push({
      scenario: this.report.name,
      name,
      figure: String(figure),
      target: '',
      pass: null,
    });
  }
  figure(key: string, value: unknown) {
    this.report.figures[key] = value;
  }
}

const verdict = (pass: boolean | null) => (pass === null ? 'info' : pass ? 'PASS' : 'FAIL');

export function printTable(scenarios: ScenarioReport[]): void {
  const rows = scenarios.flatMap((scenario) => [
    ...scenario.checks.map((check) => [
      check.scenario,
      check.name,
      check.figure,
      check.target,
      verdict(check.pass),
    ]),
    ...(scenario.error
      ? [[scenario.name, 'scenario ran to its end', scenario.error.slice(0, 60), 'no error', 'FAIL']]
      : []),
  ]);
  const header = ['scenario', 'check', 'figure', 'target', 'result'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

export function tally(scenarios: ScenarioReport[]): { passed: number; failed: number } {
  const checks = scenarios.flatMap((scenario) => scenario.checks).filter((check) => check.pass !== null);
  const errors = scenarios.filter((scenario) => scenario.error).length;
  const passed = checks.filter((check) => check.pass).length;
  return { passed, failed: checks.length - passed + errors };
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

export async function writeResults(report: {
  startedAt: Date;
  mode: 'short' | 'full';
  provider: 'sandbox' | 'stripe';
  settings: Record<string, unknown>;
  scenarios: ScenarioReport[];
}): Promise<string> {
  const dir = path.resolve('bench/results');
  await mkdir(dir, { recursive: true });
  const stamp = report.startedAt.toISOString().replaceAll(':', '-');
  const kind = `${report.mode === 'short' ? 'short-' : ''}${report.provider === 'stripe' ? 'stripe-' : ''}`;
  const file = path.join(dir, `faults-${kind}${stamp}.json`);
  const json = {
    date: report.startedAt.toISOString(),
    mode: report.mode,
    provider: report.provider,
    machine: { cpus: os.cpus().length, memoryMiB: Math.round(os.totalmem() / 2 ** 20) },
    node: process.version,
    commit: gitCommit(),
    settings: report.settings,
    ...tally(report.scenarios),
    scenarios: report.scenarios,
  };
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
  return file;
}

/**
 * `npm test`: every check of the project, phase by phase, then how long each phase took and one summary line over
 * every test that ran (`N passed, N failed`, `, N skipped` when some were). ESLint with Prettier and the TypeScript
 * check count as one test each. Every phase runs even when one before it failed, so that one run tells everything.
 *
 *   lint and types            ESLint, Prettier and tsc, side by side
 *   unit and integration      Vitest, on the embedded PGlite (or DATABASE_URL's PostgreSQL)
 *   browser                   Playwright, on the embedded PGlite (or DATABASE_URL's PostgreSQL)
 *
 * With TEST_POSTGRES_URL set (a PostgreSQL server; CI sets it), what depends on the database engine runs on a fresh
 * database of that server: the integration tests again, and the browser tests tagged @postgres, which the browser
 * phase on PGlite then leaves out (docs/decisions/0015). Beside those two phases runs the fault suite's short run
 * (`npm run test:faults -- --short`, then its payment rounds with `--provider stripe`, each on a PostgreSQL cluster
 * of its own): it mostly waits on the outages it makes.
 * CI_INSTALL_SECONDS, when set, adds the install's time to the table.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { startTestAuthEmulator, type AuthEmulator } from './lib/auth-emulator';

const SUMMARY_DIR = path.resolve('test-summary');

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** What failed, by name, with the first line of its error: printed beside the summary so that CI's tail keeps it. */
  failures?: string[];
}
interface Phase {
  name: string;
  seconds: number;
  counts: Counts;
  /** Ran beside other phases: its time is not added to the total. */
  beside?: boolean;
}

/* eslint-disable no-restricted-properties -- a test runner: it hands its environment on to the tools it starts */
const inherited = { ...process.env };
const postgresServer = process.env.TEST_POSTGRES_URL;
/** The Auth emulator's port of the Vitest runs (vitest.config.ts reads the same variable). */
const vitestAuthPort = Number(process.env.VITEST_AUTH_PORT ?? 9299);
const installSeconds = process.env.CI_INSTALL_SECONDS;
/* eslint-enable no-restricted-properties */

/** Runs a tool with inherited output; resolves with whether it succeeded. */
function exec(command: string, args: string[], env: NodeJS.ProcessEnv = inherited): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

const npx = (tool: string, args: string[], env?: NodeJS.ProcessEnv) =>
  exec(process.execPath, [path.resolve('node_modules', tool), ...args], env);

async function readJson<T>(file: string): Promise<T | null> {
  return JSON.parse(await readFile(file, 'utf8').catch(() => 'null')) as T | null;
}

const firstLine = (text = '') => text.trim().split('\n')[0]?.slice(0, 200) ?? '';
const relative = (file: string) => path.relative(process.cwd(), file);

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** Vitest's JSON report (the Jest format); a run that wrote none counts as one failure. */
async function vitestCounts(file: string, ok: boolean): Promise<Counts> {
  const report = await readJson<VitestReport>(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0, failures: ['vitest wrote no report'] };
  const failures = report.testResults.flatMap((suite) => {
    const tests = suite.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${relative(suite.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import, a hook) has no failed test to name.
    return tests.length || suite.status !== 'failed'
      ? tests
      : [`${relative(suite.name)}: ${firstLine(suite.message)}`];
  });
  const failed = report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1);
  return { passed: report.numPassedTests, failed, skipped: report.numPendingTests, failures };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    line: number;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** The failed or flaky tests of Playwright's JSON report, by file, line, project and title. */
function playwrightFailures(suites: PlaywrightSuite[], file = ''): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((test) => {
          const error = test.results.find((result) => result.error)?.error?.message;
          // Playwright colours its messages; the tail is read as plain text.
          const message = firstLine(error?.replace(/\u001b\[[0-9;]*m/g, ''));
          return `${suite.file ?? file}:${spec.line} [${test.projectName}] ${spec.title} (${test.status}): ${message}`;
        }),
    ),
    ...playwrightFailures(suite.suites ?? [], suite.file ?? file),
  ]);
}

/** Playwright's JSON report; a run that wrote none counts as one failure. */
async function playwrightCounts(file: string, ok: boolean): Promise<Counts> {
  const report = await readJson<{
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: PlaywrightSuite[];
    errors?: { message?: string }[];
  }>(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0, failures: ['playwright wrote no report'] };
  const { expected, unexpected, flaky, skipped } = report.stats;
  const failures = [
    ...playwrightFailures(report.suites),
    // Errors outside any test: the global setup, a web server that did not start.
    ...(report.errors ?? []).map((error) => `playwright: ${firstLine(error.message)}`),
  ];
  // A flaky test (passed on a retry) is a failure here: the suite runs without retries.
  const failed = unexpected + flaky + (ok || unexpected + flaky > 0 ? 0 : 1);
  return { passed: expected, failed, skipped, failures };
}

async function timed(name: string, body: () => Promise<Counts>, beside = false): Promise<Phase> {
  if (!beside) console.log(`\n== ${name} ==`);
  const started = Date.now();
  const counts = await body();
  return { name, seconds: Math.round((Date.now() - started) / 1000), counts, beside };
}

/**
 * `npm run lint` (ESLint, then Prettier) and `npm run typecheck`, arranged for two cores: ESLint takes longest, so
 * Prettier follows tsc rather than ESLint. Still one test each: lint (ESLint and Prettier) and types.
 */
async function staticChecks(): Promise<Counts> {
  const [eslint, [types, prettier]] = await Promise.all([
    npx('eslint/bin/eslint.js', ['.', '--max-warnings', '0']),
    npx('typescript/bin/tsc', ['--noEmit']).then(async (ok) => [
      ok,
      await npx('prettier/bin/prettier.cjs', ['--check', '.']),
    ]),
  ]);
  const lint = eslint && prettier;
  // Named under "== Failed ==" as every other failure is: CI keeps only the output's tail.
  const failures = [
    ...(eslint ? [] : ['ESLint refused (see its output above)']),
    ...(prettier ? [] : ['Prettier refused the formatting (npx prettier --check . names the files)']),
    ...(types ? [] : ['tsc found type errors (see its output above)']),
  ];
  return {
    passed: [lint, types].filter(Boolean).length,
    failed: [lint, types].filter((ok) => !ok).length,
    skipped: 0,
    failures,
  };
}

/**
 * The browser phase's first start builds the app and draws the demo's pictures (scripts/prepare-browser.ts), two
 * to three minutes of one process that the suite would wait for. Started once the static checks are done (tsc reads
 * .next/types, which the build writes) and run beside the unit and integration tests at a lower priority, so that it
 * takes the cores those leave idle (much of an integration test waits on the emulator or the database); the browser
 * phase waits for it. A failure here is the browser phase's: its start builds again and reports.
 */
function prepareBrowser(): Promise<boolean> {
  return exec('nice', [
    '-n',
    '10',
    process.execPath,
    '--conditions=react-server',
    '--import',
    'tsx',
    'scripts/prepare-browser.ts',
  ]);
}

async function vitest(label: string, args: string[], env?: NodeJS.ProcessEnv): Promise<Counts> {
  const file = path.join(SUMMARY_DIR, `vitest-${label}.json`);
  const ok = await npx(
    'vitest/vitest.mjs',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args],
    env,
  );
  return vitestCounts(file, ok);
}

async function playwright(
  label: string,
  args: string[],
  env: NodeJS.ProcessEnv = inherited,
): Promise<Counts> {
  const file = path.join(SUMMARY_DIR, `playwright-${label}.json`);
  const ok = await npx('@playwright/test/cli.js', ['test', ...args], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_FILE: file,
  });
  return playwrightCounts(file, ok);
}

/**
 * The fault suite's short run (scripts/faults, docs/decisions/0016) on a PostgreSQL cluster of its own, against the
 * build the browser phase made: all its rounds on the sandbox, then its payment rounds on the Stripe provider against
 * the stand-in of Stripe's API (decision 0045), one after the other (each makes its own cluster and app).
 */
async function faults(): Promise<Counts> {
  const sandbox = await faultRun([]);
  const stripe = await faultRun(['--provider', 'stripe']);
  return {
    passed: sandbox.passed + stripe.passed,
    failed: sandbox.failed + stripe.failed,
    skipped: 0,
    failures: [...(sandbox.failures ?? []), ...(stripe.failures ?? [])],
  };
}

/**
 * One run of the fault suite. It runs beside other phases, so its output (both streams) is held and printed when it
 * ends; its last line is `N passed, N failed`.
 */
function faultRun(args: string[]): Promise<Counts> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/faults/run.ts', '--short', ...args],
      { stdio: ['ignore', 'pipe', 'pipe'], env: inherited },
    );
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    let finished = false;
    const done = (ok: boolean) => {
      if (finished) return;
      finished = true;
      const text = Buffer.concat(output).toString();
      console.log(
        `\n== faults (short${args.length ? `, ${args.join(' ')}` : ''}), beside the PostgreSQL phases ==\n${text}`,
      );
      const [, passed = '0', failed = '1'] =
        [...text.matchAll(/^(\d+) passed, (\d+) failed\s*$/gm)].at(-1) ?? [];
      const label = `faults${args.length ? ` ${args.join(' ')}` : ''}`;
      // The run's table: | scenario | check | figure | target | FAIL |, one line each (no cell spans a line break).
      const failures = [
        ...text.matchAll(
          /^\|[ \t]*([^|\n]+?)[ \t]*\|[ \t]*([^|\n]+?)[ \t]*\|[ \t]*([^|\n]+?)[ \t]*\|[^\n]*\|[ \t]*FAIL[ \t]*\|[ \t]*$/gm,
        ),
      ].map(([, scenario, check, figure]) => `${label} › ${scenario} › ${check}: ${figure}`);
      // A scenario that stopped names the app's last error line (scripts/faults/run.ts).
      failures.push(
        ...[...text.matchAll(/^ +app error: (.*)$/gm)].map(([, line]) => `${label} › app: ${line}`),
      );
      resolve({
        passed: Number(passed),
        failed: Number(failed) + (ok || Number(failed) > 0 ? 0 : 1),
        skipped: 0,
        failures: failures.length || ok ? failures : [`${label}: ended without success (see its output)`],
      });
    };
    child.on('error', () => done(false));
    // 'close': the process has ended and its output has all been read.
    child.on('close', (code) => done(code === 0));
  });
}

/** A fresh database on the PostgreSQL server for this run, dropped afterwards. */
async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fanclub_test_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Integration tests that never reach DATABASE_URL's engine, left out of the PostgreSQL phase: they would run there
 * exactly as they ran on PGlite. `npm run site` starts an embedded database of its own whatever the environment, the
 * embedded database's own test starts PGlite, and the Stripe and S3 providers talk to their stand-ins only.
 */
const ENGINE_FREE = [
  'scripts/site.int.test.ts',
  'src/server/db/embedded.int.test.ts',
  'src/server/payments/stripe.int.test.ts',
  'src/server/payments/stripe-payments.int.test.ts',
  'src/server/storage/s3.int.test.ts',
];

async function postgresPhases(serverUrl: string): Promise<Phase[]> {
  const database = await freshDatabase(serverUrl).catch((error: unknown) => {
    console.error(`\nPostgreSQL at TEST_POSTGRES_URL cannot be used: ${String(error)}`);
    return null;
  });
  if (!database) return [{ name: 'PostgreSQL', seconds: 0, counts: { passed: 0, failed: 1, skipped: 0 } }];
  const env = { ...inherited, DATABASE_URL: database.url };
  try {
    return [
      await timed('integration (PostgreSQL)', () =>
        vitest('postgres', ['.int.test.', ...ENGINE_FREE.flatMap((file) => ['--exclude', file])], env),
      ),
      // The browser tests tagged @postgres (playwright.config.ts).
      await timed('browser (PostgreSQL)', () => playwright('postgres', [], { ...env, E2E_POSTGRES: '1' })),
    ];
  } finally {
    await database.drop();
  }
}

/**
 * Each phase's share of CI's 15 minutes on a quiet 2-core machine (900 s with the install), from the phase times of
 * fresh-clone runs. A phase over its budget is named under the table, so that a run tells which part grew; the
 * figures are a guide for the next change, not a gate (a busy host stretches every phase alike).
 */
const BUDGET_SECONDS: Record<string, number> = {
  install: 75,
  'lint and types': 110,
  'unit and integration': 160,
  browser: 430,
  'integration (PostgreSQL)': 110,
  'browser (PostgreSQL)': 90,
  'faults (short)': 200,
  total: 900,
};
const budgetOf = (name: string) =>
  BUDGET_SECONDS[name] ?? BUDGET_SECONDS[name.replace(/ \((PGlite|PostgreSQL)\)$/, '')];

/** The phases' times and the run's own (with the install's), which is less than their sum where phases overlap. */
function report(phases: Phase[], runSeconds: number): string {
  const install = installSeconds ? Number(installSeconds) : 0;
  const rows = [
    ...(install ? [{ name: 'install', label: 'install', seconds: install }] : []),
    ...phases.map((phase) => ({
      name: phase.name,
      label: phase.beside ? `${phase.name}, beside` : phase.name,
      seconds: phase.seconds,
    })),
    { name: 'total', label: 'total', seconds: install + runSeconds },
  ];
  const width = Math.max(...rows.map((row) => row.label.length), 5);
  console.log('\n== Phase times ==');
  console.log(`${'phase'.padEnd(width)}  ${'time'.padStart(7)}  ${'budget'.padStart(7)}`);
  for (const { label, seconds, name } of rows) {
    const budget = budgetOf(name);
    console.log(
      `${label.padEnd(width)}  ${String(seconds).padStart(5)} s  ${budget ? `${String(budget).padStart(5)} s` : ''}`,
    );
  }
  for (const { name, seconds } of rows) {
    const budget = budgetOf(name);
    if (budget && seconds > budget) console.log(`over budget: ${name} took ${seconds} s of its ${budget} s`);
  }
  // Named last but one, so that CI's tail, which keeps only the end of the output, names what failed.
  const failures = phases.flatMap((phase) =>
    (phase.counts.failures ?? []).map((name) => `${phase.name}: ${name}`),
  );
  if (failures.length) console.log(`\n== Failed ==\n${failures.slice(0, 15).join('\n')}`);
  if (failures.length > 15) console.log(`… and ${failures.length - 15} more`);
  const sum = (key: 'passed' | 'failed' | 'skipped') =>
    phases.reduce((total, phase) => total + phase.counts[key], 0);
  const skipped = sum('skipped');
  return `${sum('passed')} passed, ${sum('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

/**
 * The PostgreSQL phases, and beside them the fault suite: it spends most of its minute and a half waiting on the
 * outages, locks and timeouts it makes (about 60 CPU-seconds), and slows the phases beside it by about a tenth.
 */
async function postgresAndFaults(serverUrl: string): Promise<Phase[]> {
  const [postgresRun, faultRun] = await Promise.all([
    postgresPhases(serverUrl),
    timed('faults (short)', faults, true),
  ]);
  return [...postgresRun, faultRun];
}

/**
 * One Auth emulator for both Vitest runs (src/test/auth-emulator.global.ts leaves it to us), started beside the
 * static checks: its start is 10 s and more of one process that each run would otherwise wait for at its own start.
 * Null when it cannot start; each run then starts its own, and says why if that fails too.
 */
async function vitestEmulator(): Promise<AuthEmulator | null> {
  return startTestAuthEmulator(vitestAuthPort).catch((error: unknown) => {
    console.error(`The Auth emulator for the Vitest runs did not start: ${String(error)}`);
    return null;
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  await rm(SUMMARY_DIR, { recursive: true, force: true });
  await mkdir(SUMMARY_DIR, { recursive: true });
  const database = inherited.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const starting = vitestEmulator();
  const staticPhase = await timed('lint and types', staticChecks);
  const emulator = await starting;
  if (emulator) inherited.VITEST_AUTH_EMULATOR = 'running';
  const prepared = prepareBrowser();
  const phases = [
    staticPhase,
    await timed(`unit and integration (${database})`, () => vitest('main', [])),
    await timed(`browser (${database})`, async () => {
      await prepared;
      // The tests tagged @postgres run in the PostgreSQL phase only, when there is one (playwright.config.ts).
      return playwright('main', [], postgresServer ? { ...inherited, E2E_POSTGRES_FOLLOWS: '1' } : inherited);
    }),
    // With a PostgreSQL server at hand (CI), its binaries are too: the fault suite makes a cluster of its own.
    ...(postgresServer ? await postgresAndFaults(postgresServer) : []),
  ];
  await emulator?.stop();
  const summary = report(phases, Math.round((Date.now() - started) / 1000));
  await writeFile(path.join(SUMMARY_DIR, 'summary.txt'), `${summary}\n`);
  console.log(summary);
  process.exitCode = phases.some((phase) => phase.counts.failed > 0) ? 1 : 0;
}

await main();

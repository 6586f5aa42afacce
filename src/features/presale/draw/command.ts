import { compareWithSavedLog, verifyDrawLog } from './log';
import { verifyPublishedDraw, type DrawLogSource } from './published';
import { DRAW_CHECK_LABELS, type DrawCheck } from './rules';
import { drawLogUrlFor, fetchBytes, isHttpUrl, parseJsonBytes } from './source';

export interface CommandIo {
  readFile(path: string): Promise<Uint8Array>;
  out(line: string): void;
  err(line: string): void;
  /** Per download (record, log); 15 s when not given. */
  timeoutMs?: number;
}

const USAGE =
  'usage: npm run verify-draw -- <record.json | https://<site>/api/presales/<id>/record> [--log <log.json | URL>] [--saved <a copy of the log kept earlier>] [--entry ID]';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Arguments {
  positionals: string[];
  values: { entry?: string; log?: string; saved?: string };
}

/** `--entry ID`, `--log=URL` and positionals; by hand so that this module needs nothing of Node's. */
function parseArguments(args: string[]): Arguments | { error: string } {
  const parsed: Arguments = { positionals: [], values: {} };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const option = /^--(entry|log|saved)(?:=(.*))?$/.exec(arg);
    if (option) {
      const value = option[2] ?? args[++i];
      if (value === undefined) return { error: `${arg} needs a value` };
      parsed.values[option[1] as keyof Arguments['values']] = value;
    } else if (arg.startsWith('--')) {
      return { error: `unknown option ${arg}` };
    } else {
      parsed.positionals.push(arg);
    }
  }
  return parsed;
}

/**
 * `npm run verify-draw` (docs/presale-draw.md, sections 6 and 8): verifies a record file or URL, and the site's draw
 * log (given with --log, or found next to a record URL). Exit 0 only when everything given passes; 1 when anything
 * fails; 2 when the record cannot be read at all. Kept apart from the script so that it is tested without a process.
 */
export async function verifyDrawCommand(args: string[], io: CommandIo): Promise<number> {
  const parsed = parseArguments(args);
  if ('error' in parsed) {
    io.err(`${parsed.error}\n${USAGE}`);
    return 2;
  }
  const [source, ...more] = parsed.positionals;
  if (!source || more.length > 0) {
    io.err(USAGE);
    return 2;
  }
  const timeoutMs = io.timeoutMs ?? 15_000;
  const load = (from: string) => (isHttpUrl(from) ? fetchBytes(from, timeoutMs) : io.readFile(from));
  let recordFile: Uint8Array;
  try {
    recordFile = await load(source);
  } catch (error) {
    io.err(`cannot read ${source}: ${message(error)}`);
    return 2;
  }
  const logSource = parsed.values.log ?? (isHttpUrl(source) ? drawLogUrlFor(source) : null);
  let log: DrawLogSource = null;
  if (logSource) {
    try {
      const read = parseJsonBytes(await load(logSource));
      log = 'error' in read ? { error: `抽選ログ ${logSource} が ${read.error}。` } : read;
    } catch (error) {
      log = { error: `抽選ログ ${logSource} を読み込めません: ${message(error)}` };
    }
  }
  const verified = await verifyPublishedDraw(recordFile, log);
  const savedProblems = parsed.values.saved ? await againstSaved(parsed.values.saved, log, load) : null;
  io.out(`record: ${source}`);
  io.out(`log: ${logSource ?? '(none)'}`);
  for (const [check, label] of Object.entries(DRAW_CHECK_LABELS)) {
    const problems = verified.record.checks[check as DrawCheck];
    io.out(problems === null ? `-- ${label}（未確認）` : `${problems.length === 0 ? 'OK' : 'NG'} ${label}`);
  }
  const logProblems = verified.log?.problems ?? null;
  io.out(`${logProblems === null ? 'WARNING' : logProblems.length === 0 ? 'OK' : 'NG'} 抽選ログ`);
  if (savedProblems) io.out(`${savedProblems.length === 0 ? 'OK' : 'NG'} 保存した抽選ログの写し（追記のみ）`);
  for (const problem of [...verified.record.problems, ...(logProblems ?? []), ...(savedProblems ?? [])]) {
    io.err(`NG: ${problem}`);
  }
  for (const warning of verified.warnings) {
    io.out(`WARNING: ${warning}`);
  }
  const results = verified.record.results;
  const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
  if (verified.record.record) {
    io.out(`entries ${results.length}: won ${count('won')}, lost ${count('lost')}, void ${count('void')}`);
  }
  if (parsed.values.entry && verified.record.record) {
    const mine = results.find((r) => r.entry === parsed.values.entry);
    io.out(mine ? JSON.stringify(mine) : `entry ${parsed.values.entry} is not in the record`);
  }
  const ok = verified.ok && (savedProblems?.length ?? 0) === 0;
  io.out(
    ok
      ? `OK: the record verifies (fc-draw-v1)${logSource ? ' and matches the draw log (fc-draw-log-v1)' : ', NOT anchored: no draw log was checked'}`
      : 'NG: the record does not verify',
  );
  return ok ? 0 : 1;
}

/** `--saved`: a copy of the log kept earlier must still be the start of the log now (docs/presale-draw.md, section 8). */
async function againstSaved(
  from: string,
  log: DrawLogSource,
  load: (from: string) => Promise<Uint8Array>,
): Promise<string[]> {
  let saved;
  try {
    const read = parseJsonBytes(await load(from));
    if ('error' in read) return [`保存した抽選ログ ${from} が ${read.error}。`];
    saved = await verifyDrawLog(read.json);
  } catch (error) {
    return [`保存した抽選ログ ${from} を読み込めません: ${message(error)}`];
  }
  if (!saved.log) return saved.problems;
  const current = log && 'json' in log ? await verifyDrawLog(log.json) : null;
  if (!current?.log) return ['今の抽選ログがないため、保存した写しと照合できません（--log）。'];
  return [...saved.problems, ...compareWithSavedLog(saved.log, current.log)];
}

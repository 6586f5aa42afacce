import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, sha256 } from './bytes';
import { verifyDrawCommand } from './command';
import { entryListValue, nextDrawLogEntry, roundValue, type DrawLog, type DrawLogEntry } from './log';
import { drawRecordFile, makeDrawRecord } from './make-record';
import { LOCAL_BEACON_NOTE, type DrawRecord } from './record';

// `npm run verify-draw` as docs/presale-draw.md (sections 6 and 8) and issue 37 ask: a file or a URL, the site's log.
const PRESALE = 'p-1';
let record: DrawRecord;
let file: Uint8Array;
let log: DrawLog;

async function logFor(r: DrawRecord, recordFile: Uint8Array, site = 'mio'): Promise<DrawLog> {
  const entries: DrawLogEntry[] = [];
  const add = async (kind: DrawLogEntry['kind'], value: string) =>
    entries.push(
      await nextDrawLogEntry(entries.at(-1) ?? null, {
        at: '2026-11-27T00:00:00.000Z',
        presale: r.presale,
        kind,
        value,
      }),
    );
  await add('commitment', r.commitment);
  await add('round', roundValue(r.beacon!));
  await add('entry-list', entryListValue(r.entryListHash, r.entries.length));
  await add('record', bytesToHex(await sha256(recordFile)));
  return { algorithm: 'fc-draw-log-v1', site, entries };
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

async function run(args: string[], files: Record<string, Uint8Array> = {}, timeoutMs = 2000) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await verifyDrawCommand(args, {
    readFile: async (path) => {
      const found = files[path];
      if (!found) throw new Error(`ENOENT: ${path}`);
      return found;
    },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    timeoutMs,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let server: Server;
let origin: string;
const served: Record<string, Uint8Array | 'hang'> = {};

beforeAll(async () => {
  record = await makeDrawRecord({
    presale: PRESALE,
    seed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
    beacon: { source: 'local', round: 1764201600, randomness: 'ff'.repeat(32), note: LOCAL_BEACON_NOTE },
    offerings: [{ id: 'P1', capacity: 2 }],
    entries: [
      { id: 'B', tickets: 1, choices: ['P1'] },
      { id: 'A', tickets: 2, choices: ['P1'] },
    ],
    voided: [],
  });
  file = drawRecordFile(record);
  log = await logFor(record, file);
  server = createServer((request, response) => {
    const body = served[request.url ?? ''];
    if (body === 'hang') return; // never answers: the command's timeout ends it
    response.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
    response.end(body ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('npm run verify-draw', () => {
  it('verifies a record file alone, exit 0, with a warning that it is not anchored', async () => {
    const { code, out } = await run(['r.json', '--entry', 'A'], { 'r.json': file });
    expect(code).toBe(0);
    expect(out).toContain('WARNING 抽選ログ');
    expect(out).toContain('WARNING: 抽選ログと照合していません。');
    expect(out).toContain(`WARNING: ${LOCAL_BEACON_NOTE}`);
    expect(out).toContain('NOT anchored');
    expect(out).toMatch(/\{"entry":"A","outcome":"(won|lost)"/);
  });

  it('checks the record against a log file, and refuses a log that does not hold this file or was changed', async () => {
    expect((await run(['r.json', '--log', 'log.json'], { 'r.json': file, 'log.json': json(log) })).code).toBe(
      0,
    );
    // The same record written with spaces is another file: the log holds the hash of the bytes served.
    const spaced = new TextEncoder().encode(JSON.stringify(record, null, 1));
    const other = await run(['r.json', '--log=log.json'], { 'r.json': spaced, 'log.json': json(log) });
    expect(other.code).toBe(1);
    expect(other.err).toContain(
      'NG: この記録ファイルのハッシュが、抽選ログに抽選時に記録された値と一致しません。',
    );
    const changed = structuredClone(log);
    changed.entries[0]!.value = 'e'.repeat(64);
    const broken = await run(['r.json', '--log', 'log.json'], { 'r.json': file, 'log.json': json(changed) });
    expect(broken.code).toBe(1);
    expect(broken.err).toContain('抽選ログの 1 番のハッシュが、内容から計算した値と一致しません。');
    expect(broken.err).toContain(
      '記録のコミットメントが、抽選ログに受付開始時に記録された値と一致しません。',
    );
  });

  it('refuses a log rewritten and hashed again since a copy was saved (--saved)', async () => {
    const saved = { ...log, entries: log.entries.slice(0, 2) };
    const files = { 'r.json': file, 'log.json': json(log), 'saved.json': json(saved) };
    const kept = await run(['r.json', '--log', 'log.json', '--saved', 'saved.json'], files);
    expect(kept.code).toBe(0);
    expect(kept.out).toContain('OK 保存した抽選ログの写し（追記のみ）');
    // The operator re-seeds and rewrites the log from its first entry: it chains, and it holds the new record.
    const reseeded = await makeDrawRecord({ ...record, seed: 'ab'.repeat(32) });
    const reseededFile = drawRecordFile(reseeded);
    const rewritten = await logFor(reseeded, reseededFile);
    const forged = { ...files, 'r.json': reseededFile, 'log.json': json(rewritten) };
    expect((await run(['r.json', '--log', 'log.json'], forged)).code).toBe(0);
    const caught = await run(['r.json', '--log', 'log.json', '--saved', 'saved.json'], forged);
    expect(caught.code).toBe(1);
    expect(caught.err).toContain('抽選ログの 1 番が、保存した写しから書き換えられています');
  });

  it('refuses a non-canonical record with the rule, exit 1', async () => {
    const bent = JSON.parse(new TextDecoder().decode(file)) as { results: Record<string, unknown>[] };
    bent.results.find((r) => r.outcome === 'lost')!.rank = null;
    const { code, err, out } = await run(['r.json'], { 'r.json': json(bent) });
    expect(code).toBe(1);
    expect(err).toMatch(/NG: results\[\d\]: 落選（lost）と無効（void）の結果には rank キーを書きません/);
    expect(out).toContain('NG 結果');
  });

  it('fetches a record URL and the log from the same origin', async () => {
    served[`/api/presales/${PRESALE}/record`] = file;
    served['/api/draws/log'] = json(log);
    const url = `${origin}/api/presales/${PRESALE}/record`;
    const ok = await run([url]);
    expect(ok.out).toContain(`log: ${origin}/api/draws/log`);
    expect(ok.code).toBe(0);
    delete served['/api/draws/log'];
    const missing = await run([url]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('HTTP 404');
  });

  it('gives up on a server that does not answer, and explains its usage', async () => {
    served['/slow/record.json'] = 'hang';
    const started = Date.now();
    expect((await run([`${origin}/slow/record.json`], {}, 200)).code).toBe(2);
    expect(Date.now() - started).toBeLessThan(1500);
    expect((await run([])).code).toBe(2);
    expect((await run(['r.json', '--nope'])).err).toContain('unknown option --nope');
  });
});

import { describe, expect, it } from 'vitest';
import { bytesToHex, sha256 } from './bytes';
import {
  checkRecordAgainstLog,
  compareWithSavedLog,
  drawLogLine,
  nextDrawLogEntry,
  verifyDrawLog,
  type DrawLog,
  type DrawLogEntry,
} from './log';
import type { DrawRecord } from './record';

const AT = '2026-11-27T00:00:00.000Z';

async function logOf(
  fields: { presale: string; kind: 'commitment' | 'round' | 'entry-list' | 'record'; value: string }[],
) {
  const entries: DrawLogEntry[] = [];
  for (const field of fields)
    entries.push(await nextDrawLogEntry(entries.at(-1) ?? null, { at: AT, ...field }));
  return { algorithm: 'fc-draw-log-v1', site: 'mio', entries } as DrawLog;
}

const record = {
  presale: 'p1',
  commitment: 'a'.repeat(64),
  entryListHash: 'b'.repeat(64),
  beacon: { source: 'drand', round: 42, randomness: 'c'.repeat(64), signature: 'd'.repeat(96) },
  entries: [{ id: 'E1', tickets: 1, choices: ['O1'] }],
} as unknown as DrawRecord;
const file = new TextEncoder().encode('{"the":"record"}');

describe('fc-draw-log-v1', () => {
  it('writes the line the hash covers and chains each entry to the one before', async () => {
    const first = await nextDrawLogEntry(null, { at: AT, presale: 'p1', kind: 'commitment', value: 'x' });
    expect(drawLogLine(first)).toBe(`fc-draw-log-v1\t1\t${AT}\tp1\tcommitment\tx\n`);
    expect(first.prev).toBe('0'.repeat(64));
    const second = await nextDrawLogEntry(first, { at: AT, presale: 'p1', kind: 'round', value: 'drand:42' });
    expect(second).toMatchObject({ seq: 2, prev: first.hash });
  });

  it('accepts an intact log and names the entry a later change broke', async () => {
    const log = await logOf([
      { presale: 'p1', kind: 'commitment', value: 'a'.repeat(64) },
      { presale: 'p1', kind: 'round', value: 'drand:42' },
    ]);
    expect((await verifyDrawLog(log)).ok).toBe(true);
    const changed = structuredClone(log);
    changed.entries[0]!.value = 'f'.repeat(64);
    const result = await verifyDrawLog(changed);
    expect(result.ok).toBe(false);
    expect(result.problems.join()).toContain('1 番のハッシュ');
    expect((await verifyDrawLog({ ...log, extra: 1 })).ok).toBe(false);
  });

  it('checks a record against what was logged before the close, and its file against the draw', async () => {
    const fileHash = bytesToHex(await sha256(file));
    const log = await logOf([
      { presale: 'p1', kind: 'commitment', value: record.commitment },
      { presale: 'p1', kind: 'round', value: 'drand:41' },
      { presale: 'p1', kind: 'round', value: 'drand:42' },
      { presale: 'p1', kind: 'entry-list', value: `${record.entryListHash}:1` },
      { presale: 'p1', kind: 'record', value: fileHash },
    ]);
    expect(await checkRecordAgainstLog(record, file, log)).toEqual([]);
    const reseeded = { ...record, commitment: 'e'.repeat(64) };
    expect((await checkRecordAgainstLog(reseeded, file, log)).join()).toContain('コミットメント');
    const otherRound = { ...record, beacon: { ...record.beacon!, round: 41 } };
    expect((await checkRecordAgainstLog(otherRound, file, log)).join()).toContain('ラウンド');
    const otherFile = new TextEncoder().encode('{"the":"record" }');
    expect((await checkRecordAgainstLog(record, otherFile, log)).join()).toContain('ファイルのハッシュ');
  });

  it('shows a rewritten past entry against a copy saved before, even when the whole chain was hashed again', async () => {
    const saved = await logOf([
      { presale: 'p1', kind: 'commitment', value: 'a'.repeat(64) },
      { presale: 'p1', kind: 'round', value: 'drand:42' },
    ]);
    const appended = await logOf([
      { presale: 'p1', kind: 'commitment', value: 'a'.repeat(64) },
      { presale: 'p1', kind: 'round', value: 'drand:42' },
      { presale: 'p1', kind: 'entry-list', value: `${'b'.repeat(64)}:1` },
    ]);
    expect(compareWithSavedLog(saved, appended)).toEqual([]);
    const rewritten = await logOf([
      { presale: 'p1', kind: 'commitment', value: 'e'.repeat(64) },
      { presale: 'p1', kind: 'round', value: 'drand:42' },
      { presale: 'p1', kind: 'entry-list', value: `${'b'.repeat(64)}:1` },
    ]);
    expect((await verifyDrawLog(rewritten)).ok).toBe(true);
    expect(compareWithSavedLog(saved, rewritten).join()).toContain(
      '1 番が、保存した写しから書き換えられています',
    );
    expect(compareWithSavedLog(appended, saved).join()).toContain('短くなっています');
  });
});

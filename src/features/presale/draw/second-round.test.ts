import { describe, expect, it } from 'vitest';
import { bytesToHex, sha256 } from './bytes';
import { nextDrawLogEntry, type DrawLog, type DrawLogEntry } from './log';
import { drawRecordFile, makeDrawRecord } from './make-record';
import { verifyPublishedDraw } from './published';
import { LOCAL_BEACON_NOTE, type DrawRecord } from './record';
import { drawLogUrlFor, recordPath } from './source';
import { verifyDrawRecord } from './verify';
import { VECTOR_ENTRIES, VECTOR_OFFERINGS, VECTOR_SEED } from './vectors.fixture';

// A second round (docs/presale-draw.md, section 9): its record, and the log that links it to the first round.

const AT = '2026-11-27T00:00:00.000Z';
const beacon = (byte: string) => ({
  source: 'local' as const,
  round: 1764201600,
  randomness: byte.repeat(32),
  note: LOCAL_BEACON_NOTE,
});
const file = (record: DrawRecord) => drawRecordFile(record);
const hashOf = async (bytes: Uint8Array) => bytesToHex(await sha256(bytes));

async function published() {
  const first = await makeDrawRecord({
    presale: 'p1',
    seed: VECTOR_SEED,
    beacon: beacon('ff'),
    offerings: VECTOR_OFFERINGS,
    entries: VECTOR_ENTRIES,
    voided: [],
  });
  const firstHash = await hashOf(file(first));
  const second = await makeDrawRecord({
    presale: 'p1',
    round: { id: 'r2', kind: 'resale', number: 2, first: firstHash },
    seed: 'ee'.repeat(32),
    beacon: beacon('11'),
    offerings: [
      { id: 'P1-S', capacity: 2 },
      { id: 'P2-S', capacity: 1 },
    ],
    entries: [
      { id: 'W1', tickets: 1, choices: ['P1-S'] },
      { id: 'W2', tickets: 2, choices: ['P1-S', 'P2-S'] },
      { id: 'W3', tickets: 1, choices: ['P2-S'] },
      { id: 'W4', tickets: 1, choices: ['P1-S', 'P2-S'] },
    ],
    voided: [],
  });
  const value = (record: DrawRecord) => `${record.entryListHash}:${record.entries.length}`;
  const facts = [
    { presale: 'p1', kind: 'commitment', value: first.commitment },
    { presale: 'p1', kind: 'round', value: 'local' },
    { presale: 'p1', kind: 'entry-list', value: value(first) },
    { presale: 'p1', kind: 'record', value: firstHash },
    { presale: 'r2', kind: 'commitment', value: second.commitment },
    { presale: 'r2', kind: 'round', value: 'local' },
    { presale: 'r2', kind: 'entry-list', value: value(second) },
    { presale: 'r2', kind: 'record', value: await hashOf(file(second)) },
  ] as const;
  const entries: DrawLogEntry[] = [];
  for (const fact of facts) entries.push(await nextDrawLogEntry(entries.at(-1) ?? null, { at: AT, ...fact }));
  const log: DrawLog = { algorithm: 'fc-draw-log-v1', site: 'mio', entries };
  return { first, second, log };
}

const bend = async (record: DrawRecord, log: DrawLog) => {
  const checked = await verifyPublishedDraw(new TextEncoder().encode(JSON.stringify(record)), { json: log });
  return [...checked.record.problems, ...(checked.log?.problems ?? [])];
};

describe('a second round’s record', () => {
  it('verifies alone and against the log that links it to the first round', async () => {
    const { second, log } = await published();
    expect(Object.keys(second).slice(0, 3)).toEqual(['algorithm', 'presale', 'round']);
    const checked = await verifyPublishedDraw(file(second), { json: log });
    expect(checked.log?.problems).toEqual([]);
    expect(checked.ok).toBe(true);
  });

  it('refuses a bent round: another first record, a round logged before the first draw, or a reshaped link', async () => {
    const { first, second, log } = await published();
    // Linked to a first record the log never held: the link and the file's own hash both fail.
    expect(await bend({ ...second, round: { ...second.round!, first: 'ab'.repeat(32) } }, log)).toContain(
      'round.first が、抽選ログに記録された第1回の抽選記録のハッシュと一致しません（第9節）。',
    );
    // A winner moved: the recomputation refuses it whatever the log says.
    const moved = second.results.map((r) =>
      r.outcome === 'lost' ? { entry: r.entry, outcome: 'won', rank: 1, offering: 'P2-S' } : r,
    );
    expect((await verifyDrawRecord({ ...second, results: moved })).ok).toBe(false);
    // The round's seed committed before the first round's record was logged: refused.
    const early = structuredClone(log);
    const reordered = [
      early.entries[0]!,
      early.entries[1]!,
      early.entries[2]!,
      early.entries[4]!,
      early.entries[3]!,
      ...early.entries.slice(5),
    ];
    const rechained: DrawLogEntry[] = [];
    for (const e of reordered)
      rechained.push(
        await nextDrawLogEntry(rechained.at(-1) ?? null, {
          at: e.at,
          presale: e.presale,
          kind: e.kind,
          value: e.value,
        }),
      );
    expect(await bend(second, { ...early, entries: rechained })).toContain(
      '抽選ログで、この回のコミットメントが第1回の抽選記録より前に記録されています（第9節）。',
    );
    // Shape: an unknown kind, a number below 2, an extra key, its id the presale's.
    expect(
      (await verifyDrawRecord({ ...second, round: { ...second.round!, kind: 'bonus' } })).problems,
    ).toContain('round.kind: round.kind は resale・second-chance のいずれかです（第9節）');
    expect((await verifyDrawRecord({ ...second, round: { ...second.round!, number: 1 } })).ok).toBe(false);
    expect((await verifyDrawRecord({ ...second, round: { ...second.round!, extra: 1 } })).ok).toBe(false);
    expect((await verifyDrawRecord({ ...second, round: { ...second.round!, id: 'p1' } })).problems).toContain(
      'round.id は先行受付の ID（presale）と別の ID でなければなりません（第9節）',
    );
    // The first round's record is untouched by all this: it still has no round key and checks against the same log.
    expect('round' in first).toBe(false);
    expect((await verifyPublishedDraw(file(first), { json: log })).ok).toBe(true);
  });
});

describe('where a second round is served', () => {
  it('beside the first round, with the site’s log found next to it', () => {
    expect(recordPath('p1')).toBe('/api/presales/p1/record');
    expect(recordPath('p1', 3)).toBe('/api/presales/p1/rounds/3/record');
    expect(drawLogUrlFor('https://mio.example.com/api/presales/p1/rounds/3/record')).toBe(
      'https://mio.example.com/api/draws/log',
    );
    expect(drawLogUrlFor('https://mio.example.com/api/presales/p1/rounds/x/record')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, sha256 } from './bytes';
import { canonicalEntryList, entryListHash } from './canonical';
import { runDraw } from './draw';
import { drawRecordFile, makeDrawRecord } from './make-record';
import { DrawRandom, drawKey } from './random';
import { LOCAL_BEACON_NOTE, type DrawEntry } from './record';
import { verifyDrawRecord } from './verify';
import { VECTOR_ENTRIES, VECTOR_OFFERINGS, VECTOR_SEED } from './vectors.fixture';

// Vectors 3 and 4 of docs/presale-draw.md, section 7. Every expected value below is copied from the document (and
// was computed there by a separate implementation written from the text), never from this code.

const V3_SPECIAL: DrawEntry[] = [
  { id: 'A', tickets: 2, choices: ['S', 's'] },
  { id: 'AB', tickets: 1, choices: ['s'] },
  { id: 'ABC', tickets: 3, choices: ['SS', 'S'] },
  { id: 'a', tickets: 1, choices: ['S'] },
  { id: 'B', tickets: 2, choices: ['s', 'SS', 'S'] },
  { id: 'b', tickets: 1, choices: ['SS'] },
  { id: 'A-B', tickets: 2, choices: ['S'] },
  { id: 'A_B', tickets: 1, choices: ['s', 'S'] },
];
/** The document's rule for E00…E47: tickets 1 + k mod 3; first choice O[k mod 3], and O[(k+1) mod 3] for odd k. */
const O = ['S', 's', 'SS'];
const V3_GENERATED: DrawEntry[] = Array.from({ length: 48 }, (_, k) => ({
  id: `E${String(k).padStart(2, '0')}`,
  tickets: 1 + (k % 3),
  choices: k % 2 === 0 ? [O[k % 3]!] : [O[k % 3]!, O[(k + 1) % 3]!],
}));
const V3 = {
  seed: '00000000000000000000000000000000000000000000000000000000003fdfdc',
  beacon: {
    source: 'local' as const,
    round: 1764201600,
    randomness: 'a5'.repeat(32),
    note: LOCAL_BEACON_NOTE,
  },
  offerings: [
    { id: 'S', capacity: 10 },
    { id: 's', capacity: 6 },
    { id: 'SS', capacity: 15 },
  ],
  entries: [...V3_SPECIAL, ...V3_GENERATED],
  voided: [
    { entry: 'E07', reason: '抽選時点でプレミアム会員ではありません' },
    { entry: 'AB', reason: '抽選時点でプレミアム会員ではありません' },
  ],
};

const SEED = VECTOR_SEED;
const V4 = {
  seed: SEED,
  beacon: {
    source: 'drand' as const,
    round: 657413,
    randomness: 'fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587',
    signature:
      'b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b',
  },
  offerings: VECTOR_OFFERINGS,
  entries: VECTOR_ENTRIES,
  voided: [],
};

async function streamOf(input: { seed: string; entries: DrawEntry[]; beacon: { randomness: string } }) {
  const key = await drawKey(
    hexToBytes(input.seed),
    await entryListHash(input.entries),
    hexToBytes(input.beacon.randomness),
  );
  return { key: bytesToHex(key), random: new DrawRandom(key) };
}

const won = (entry: string, rank: number, offering: string) => ({ entry, outcome: 'won', rank, offering });

describe('vector 3: 56 entries, prefixes and mixed case, seven blocks, one rejected value', () => {
  it('orders ids by bytes and hashes the canonical list', async () => {
    const text = new TextDecoder().decode(canonicalEntryList(V3.entries));
    expect(
      text.startsWith('A\t2\tS,s\nA-B\t2\tS\nAB\t1\ts\nABC\t3\tSS,S\nA_B\t1\ts,S\nB\t2\ts,SS,S\nE00\t1\tS\n'),
    ).toBe(true);
    expect(text.endsWith('E46\t2\ts\nE47\t3\tSS,S\na\t1\tS\nb\t1\tSS\n')).toBe(true);
    expect(bytesToHex(await entryListHash(V3.entries))).toBe(
      'cef160fb9e9e16b7ec43e1e42333cebaafdf132fed2dd98fcddf7bfb5abe89ce',
    );
  });

  it('reads the documented key, blocks and numbers, and rejects 4294967291 in the 14th call, below(43)', async () => {
    const { key, random } = await streamOf(V3);
    expect(key).toBe('c1eeeb04413737211939e61b85b8111b5a3f8157e93560f818fa9cfd3b5218ce');
    const words = Array.from({ length: 16 }, () => random.nextUint32().toString(16).padStart(8, '0'));
    expect(words.slice(0, 8).join('')).toBe(
      'ac8495ee3321643000a627a3275decdcf975023cdb2707999f0e8f57d8ea0523',
    );
    expect(words.slice(8).join('')).toBe('e72500b446a28c5c33ca4c6f0d148cffc8dcd16bfffffffb4e7a4ce19a7a8e9c');
    const calls = new DrawRandom(hexToBytes(key));
    const first = [56, 55, 54, 53, 52, 51, 50, 49].map((n) => calls.below(n));
    expect(first).toEqual([38, 42, 23, 41, 28, 10, 43, 46]);
    for (let n = 48; n > 43; n--) calls.below(n);
    // Call 14 reads number 13 (0xfffffffb = 4294967291 ≥ limit 4294967280), rejects it, and takes number 14,
    // 1316637921 (0x4e7a4ce1), mod 43 = 23; the stream goes on at number 15.
    expect(calls.below(43)).toBe(23);
    expect(calls.nextUint32()).toBe(0x9a7a8e9c);
  });

  it('draws the documented priority order and results, and its record verifies', async () => {
    const outcome = await runDraw({ ...V3, voided: new Set(['AB', 'E07']) });
    expect(outcome.order.join(' ')).toBe(
      'E07 E21 E00 E24 E26 E29 E03 E30 E39 E46 E33 E05 E14 b E08 A-B E42 E44 E02 E18 E45 E20 E11 AB E25 E41 a E34 ' +
        'E15 E06 ABC E28 E16 E13 E23 B E12 E27 E31 A E43 E10 E38 E01 E47 E09 E19 A_B E40 E37 E04 E22 E35 E17 E36 E32',
    );
    const winners =
      'A-B S 1,E00 S 1,E03 S 1,E05 SS 1,E13 SS 2,E14 SS 1,E21 S 1,E24 S 1,E25 s 1,E26 SS 1,E29 SS 1,E30 S 1,E33 S 1,E34 s 1,E39 S 1,E42 S 1,E46 s 1,b SS 1';
    const expected = new Map(
      winners.split(',').map((w) => {
        const [entry, offering, rank] = w.split(' ');
        return [entry!, won(entry!, Number(rank), offering!)];
      }),
    );
    for (const result of outcome.results) {
      const want = expected.get(result.entry) ?? {
        entry: result.entry,
        outcome: ['AB', 'E07'].includes(result.entry) ? 'void' : 'lost',
      };
      expect(result).toEqual(want);
    }
    expect(outcome.results.filter((r) => r.outcome === 'lost')).toHaveLength(36);
    const record = await makeDrawRecord({ presale: 'vector-3', ...V3 });
    expect(record.voided.map((v) => v.entry)).toEqual(['AB', 'E07']);
    expect(await verifyDrawRecord(record)).toMatchObject({ ok: true, problems: [] });
  });
});

describe('vector 4: keyed by drand quicknet round 657413', () => {
  it('reads the documented key and block 0, draws the documented order and results, and verifies', async () => {
    const { key, random } = await streamOf(V4);
    expect(key).toBe('31db59a4d0f7ba90b46f1c677a85856934e09c3f8b09f43c51f62984f5b09a00');
    const block0 = Array.from({ length: 8 }, () => random.nextUint32().toString(16).padStart(8, '0')).join(
      '',
    );
    expect(block0).toBe('57b7c2fcb4891ccd3d9be092ab9c4426784c130e295a9888ade44de0843a0ff4');
    const outcome = await runDraw({ ...V4, voided: new Set() });
    expect(outcome.order).toEqual(['K7M2', 'A1B2', 'Z0Z0', 'H8J9', 'Q9X1', 'C3D4', 'M5N6']);
    expect(outcome.results).toEqual([
      won('A1B2', 1, 'P1-S'),
      { entry: 'C3D4', outcome: 'lost' },
      won('H8J9', 1, 'P1-A'),
      won('K7M2', 1, 'P1-S'),
      { entry: 'M5N6', outcome: 'lost' },
      won('Q9X1', 3, 'P2-S'),
      won('Z0Z0', 1, 'P2-S'),
    ]);
    const record = await makeDrawRecord({ presale: 'vector-4', ...V4 });
    expect(await verifyDrawRecord(record)).toMatchObject({ ok: true, problems: [], warnings: [] });
  });
});

// Vector 5 (section 9): a second round (復活当選) linked to vector 4's record, computed first by a separate
// implementation written from the document.
const V5 = {
  seed: '1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100',
  beacon: {
    source: 'local' as const,
    round: 1764288000,
    randomness: '5a'.repeat(32),
    note: LOCAL_BEACON_NOTE,
  },
  offerings: [
    { id: 'P1-S', capacity: 2 },
    { id: 'P1-A', capacity: 1 },
    { id: 'P2-S', capacity: 2 },
  ],
  entries: [
    { id: 'C3D4', tickets: 2, choices: ['P1-S', 'P1-A'] },
    { id: 'M5N6', tickets: 1, choices: ['P1-S'] },
    { id: 'W7', tickets: 1, choices: ['P2-S', 'P1-S'] },
    { id: 'X8', tickets: 2, choices: ['P1-S'] },
    { id: 'Y9', tickets: 1, choices: ['P1-A', 'P2-S'] },
    { id: 'a1', tickets: 1, choices: ['P1-S', 'P2-S'] },
    { id: 'T3', tickets: 2, choices: ['P2-S', 'P1-A'] },
  ],
  voided: [],
};

describe('vector 5: a second round linked to vector 4', () => {
  it('links to vector 4’s record file, draws the documented order and results, and writes the documented file', async () => {
    const first = await makeDrawRecord({ presale: 'vector-4', ...V4 });
    const firstHash = bytesToHex(await sha256(drawRecordFile(first)));
    expect(firstHash).toBe('853eda3ca105802ccbf04539ef5f7b26554fd696a3ff105a2c23e6b02812d08d');
    expect(bytesToHex(await entryListHash(V5.entries))).toBe(
      '5130660e62dbe1c507cdec7776542fba7224129a97d0d74f28a1c7f6d5d42e3a',
    );
    const { key } = await streamOf(V5);
    expect(key).toBe('901b2aa8ed5c68b4d9bb6ed65382de85a620d2c5e67cde949f5f49c0b0ed2d0d');
    const outcome = await runDraw({ ...V5, voided: new Set() });
    expect(outcome.order.join(' ')).toBe('a1 T3 Y9 W7 M5N6 X8 C3D4');
    const record = await makeDrawRecord({
      presale: 'vector-4',
      round: { id: 'vector-5-round', kind: 'second-chance', number: 2, first: firstHash },
      ...V5,
    });
    expect(record.results).toEqual([
      { entry: 'C3D4', outcome: 'lost' },
      won('M5N6', 1, 'P1-S'),
      won('T3', 1, 'P2-S'),
      { entry: 'W7', outcome: 'lost' },
      { entry: 'X8', outcome: 'lost' },
      won('Y9', 1, 'P1-A'),
      won('a1', 1, 'P1-S'),
    ]);
    const file = drawRecordFile(record);
    expect(bytesToHex(await sha256(file))).toBe(
      '8cc7a6f117443369ffaa382ae2b3884fe20ef5c5c0a1557c552e52da14ec3bd3',
    );
    expect(await verifyDrawRecord(JSON.parse(new TextDecoder().decode(file)))).toMatchObject({ ok: true });
  });
});

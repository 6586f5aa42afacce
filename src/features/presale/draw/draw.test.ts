import { describe, expect, it } from 'vitest';
import { canonicalEntryList } from './canonical';
import { runDraw, seedCommitment } from './draw';
import { makeDrawRecord } from './make-record';
import { LOCAL_BEACON_NOTE } from './record';
import { transparencyReport } from './report';
import { verifyDrawRecord } from './verify';
import { VECTOR_ENTRIES, VECTOR_OFFERINGS, VECTOR_SEED } from './vectors.fixture';

// The test vectors of docs/presale-draw.md, section 7 (also recomputed there by an independent implementation).
const SEED = VECTOR_SEED;
const OFFERINGS = VECTOR_OFFERINGS;
const ENTRIES = VECTOR_ENTRIES;
const won = (entry: string, rank: number, offering: string) => ({
  entry,
  outcome: 'won' as const,
  rank,
  offering,
});
const lost = (entry: string) => ({ entry, outcome: 'lost' as const });

describe('fc-draw-v1 test vectors', () => {
  it('commits to the seed and hashes the canonical list', async () => {
    expect(await seedCommitment(SEED)).toBe(
      '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
    );
    expect(new TextDecoder().decode(canonicalEntryList(ENTRIES))).toBe(
      'A1B2\t2\tP1-S\nC3D4\t2\tP1-S,P1-A\nH8J9\t2\tP1-A,P1-S\nK7M2\t2\tP1-S,P2-S\nM5N6\t1\tP1-S\nQ9X1\t1\tP1-S,P1-A,P2-S\nZ0Z0\t2\tP2-S\n',
    );
  });

  it('vector 1: no beacon, nothing voided', async () => {
    const outcome = await runDraw({
      seed: SEED,
      beacon: null,
      offerings: OFFERINGS,
      entries: ENTRIES,
      voided: new Set(),
    });
    expect(outcome.entryListHash).toBe('0a79355c97cec837f60d7eb94b84873b507d57c5c2122e00dbe49cabeb9c5750');
    expect(outcome.order).toEqual(['Z0Z0', 'H8J9', 'C3D4', 'Q9X1', 'A1B2', 'K7M2', 'M5N6']);
    expect(outcome.results).toEqual([
      lost('A1B2'),
      won('C3D4', 1, 'P1-S'),
      won('H8J9', 1, 'P1-A'),
      lost('K7M2'),
      won('M5N6', 1, 'P1-S'),
      won('Q9X1', 1, 'P1-S'),
      won('Z0Z0', 1, 'P2-S'),
    ]);
  });

  it('vector 2: a local beacon, one entry voided, a win at rank 3', async () => {
    const beacon = {
      source: 'local' as const,
      round: 1,
      randomness: 'ff'.repeat(32),
      note: LOCAL_BEACON_NOTE,
    };
    const outcome = await runDraw({
      seed: SEED,
      beacon,
      offerings: OFFERINGS,
      entries: ENTRIES,
      voided: new Set(['Z0Z0']),
    });
    expect(outcome.order).toEqual(['C3D4', 'K7M2', 'Q9X1', 'M5N6', 'H8J9', 'Z0Z0', 'A1B2']);
    expect(outcome.results).toEqual([
      lost('A1B2'),
      won('C3D4', 1, 'P1-S'),
      won('H8J9', 1, 'P1-A'),
      won('K7M2', 1, 'P1-S'),
      lost('M5N6'),
      won('Q9X1', 3, 'P2-S'),
      { entry: 'Z0Z0', outcome: 'void' },
    ]);
  });
});

describe('verifying a record', () => {
  const record = () =>
    makeDrawRecord({
      presale: 'demo',
      seed: SEED,
      beacon: null,
      offerings: OFFERINGS,
      entries: ENTRIES,
      voided: [],
    });

  it('accepts the record as published', async () => {
    expect(await verifyDrawRecord(await record())).toMatchObject({ ok: true, problems: [] });
  });

  it('refuses a record changed in any entry, result, seed or id list', async () => {
    const changes: ((r: Awaited<ReturnType<typeof record>>) => void)[] = [
      (r) => (r.entries[0]!.tickets = 1),
      (r) => (r.entries[2]!.choices = ['P1-S', 'P2-S', 'P1-A']),
      (r) => (r.entries[6]!.id = 'H8J8'),
      (r) => (r.results[0] = won('A1B2', 1, 'P1-S')),
      (r) => (r.seed = 'ff'.repeat(32)),
      (r) => r.entries.pop(),
      (r) => r.entries.push({ ...r.entries[0]! }),
      (r) => (r.offerings.find((o) => o.id === 'P1-S')!.capacity = 6),
    ];
    for (const change of changes) {
      const changed = await record();
      change(changed);
      expect((await verifyDrawRecord(changed)).ok, String(change)).toBe(false);
    }
  });

  it('draws 1,000 random presales that verify, none over capacity, one win at most each', async () => {
    let state = 12345;
    const rand = (n: number) => ((state = (state * 1103515245 + 12345) % 2 ** 31), state % n);
    for (let presale = 0; presale < 1000; presale++) {
      const offerings = Array.from({ length: 1 + rand(4) }, (_, i) => ({ id: `O${i}`, capacity: rand(12) }));
      const entries = Array.from({ length: rand(30) }, (_, i) => ({
        id: `E${presale}-${i}`,
        tickets: 1 + rand(4),
        choices: [...new Set(Array.from({ length: 1 + rand(3) }, () => `O${rand(offerings.length)}`))],
      }));
      const seed = Array.from({ length: 32 }, () => rand(256).toString(16).padStart(2, '0')).join('');
      const drawn = await makeDrawRecord({
        presale: String(presale),
        seed,
        beacon: null,
        offerings,
        entries,
        voided: [],
      });
      expect((await verifyDrawRecord(drawn)).ok).toBe(true);
      for (const offering of offerings) {
        const seats = drawn.results
          .filter((r) => r.outcome === 'won' && r.offering === offering.id)
          .reduce((sum, r) => sum + entries.find((e) => e.id === r.entry)!.tickets, 0);
        expect(seats).toBeLessThanOrEqual(offering.capacity);
      }
      expect(drawn.results).toHaveLength(entries.length);
    }
  });
});

describe('the transparency report', () => {
  it('counts requests, wins by rank and voided entries from the record alone', async () => {
    const drawn = await makeDrawRecord({
      presale: 'demo',
      seed: SEED,
      beacon: { source: 'local', round: 1, randomness: 'ff'.repeat(32), note: LOCAL_BEACON_NOTE },
      offerings: OFFERINGS,
      entries: ENTRIES,
      voided: [{ entry: 'Z0Z0', reason: '抽選時点でプレミアム会員ではありません' }],
    });
    const report = transparencyReport(drawn);
    expect(report).toMatchObject({ entries: 7, ticketsRequested: 12 });
    expect(report.offerings).toEqual([
      // The record lists offerings by id (section 6).
      { offering: 'P1-A', capacity: 2, firstChoiceTickets: 2, anyChoiceTickets: 5, wonTickets: 2 },
      { offering: 'P1-S', capacity: 4, firstChoiceTickets: 8, anyChoiceTickets: 10, wonTickets: 4 },
      { offering: 'P2-S', capacity: 3, firstChoiceTickets: 2, anyChoiceTickets: 5, wonTickets: 1 },
    ]);
    expect(report.ranks).toEqual([
      { rank: 1, tried: 6, won: 3 },
      { rank: 2, tried: 1, won: 0 },
      { rank: 3, tried: 1, won: 1 },
    ]);
    expect(report.voided).toEqual([{ reason: '抽選時点でプレミアム会員ではありません', count: 1 }]);
  });
});

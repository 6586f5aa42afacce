import { bytesToHex, hexToBytes, sha256 } from './bytes';
import { canonicalOrder, entryListHash } from './canonical';
import { DrawRandom, drawKey } from './random';
import type { DrawBeacon, DrawEntry, DrawOffering, DrawResult } from './record';

export interface DrawInput {
  seed: string;
  beacon: DrawBeacon | null;
  offerings: readonly DrawOffering[];
  entries: readonly DrawEntry[];
  /** Ids of entries in the frozen list that take no part in the allocation. */
  voided: ReadonlySet<string>;
}

export interface DrawOutcome {
  entryListHash: string;
  /** Canonical ids in the order the shuffle gave: the priority order of the allocation. */
  order: string[];
  /** One result per entry, in canonical order. */
  results: DrawResult[];
}

/** The commitment published when the window opens: SHA-256 of the seed's 32 bytes. */
export async function seedCommitment(seed: string): Promise<string> {
  return bytesToHex(await sha256(hexToBytes(seed)));
}

/** Fisher–Yates from the last position down (docs/presale-draw.md, section 4). */
function shuffle<T>(items: T[], random: DrawRandom): T[] {
  for (let i = items.length - 1; i >= 1; i--) {
    const j = random.below(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Rank by rank over the shuffled order: every entry's 1st choice is served before any 2nd choice; an entry wins its
 * choice when the offering has seats for all its tickets, else the next entry is tried (section 5). Each rank goes
 * over the entries still waiting, in the shuffled order: not won, not voided, with a choice at that rank.
 */
function allocate(order: DrawEntry[], input: DrawInput): Map<string, DrawResult> {
  const remaining = new Map(input.offerings.map((offering) => [offering.id, offering.capacity]));
  const results = new Map<string, DrawResult>();
  let waiting = order.filter((entry) => !input.voided.has(entry.id));
  for (let rank = 1; waiting.length > 0; rank++) {
    const next: DrawEntry[] = [];
    for (const entry of waiting) {
      const offering = entry.choices[rank - 1];
      // Choices are ranked without gaps: none at this rank, none after it.
      if (offering === undefined) continue;
      const seats = remaining.get(offering);
      if (seats === undefined) throw new Error(`entry ${entry.id}: unknown offering ${offering}`);
      if (seats < entry.tickets) {
        next.push(entry);
        continue;
      }
      remaining.set(offering, seats - entry.tickets);
      results.set(entry.id, { entry: entry.id, outcome: 'won', rank, offering });
    }
    waiting = next;
  }
  return results;
}

export async function runDraw(input: DrawInput): Promise<DrawOutcome> {
  const canonical = canonicalOrder(input.entries);
  const listHash = await entryListHash(canonical);
  const beacon = input.beacon ? hexToBytes(input.beacon.randomness) : null;
  const random = new DrawRandom(await drawKey(hexToBytes(input.seed), listHash, beacon));
  const order = shuffle([...canonical], random);
  const won = allocate(order, input);
  const results = canonical.map(
    (entry): DrawResult =>
      won.get(entry.id) ??
      (input.voided.has(entry.id)
        ? { entry: entry.id, outcome: 'void' }
        : { entry: entry.id, outcome: 'lost' }),
  );
  return { entryListHash: bytesToHex(listHash), order: order.map((entry) => entry.id), results };
}

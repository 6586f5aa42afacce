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

/** Fisher–Yates from the last position down (docs/presale-draw.md, section 4), over positions in canonical order. */
function shuffle(positions: Int32Array, random: DrawRandom): Int32Array {
  for (let i = positions.length - 1; i >= 1; i--) {
    const j = random.below(i + 1);
    const held = positions[i]!;
    positions[i] = positions[j]!;
    positions[j] = held;
  }
  return positions;
}

/** No choice at this rank (the entry's list is shorter): it leaves the draw there. */
const NO_CHOICE = -1;
/** A choice of an offering the draw does not have: an invalid list, refused when the allocation reaches it. */
const UNKNOWN = -2;

/**
 * Rank by rank over the shuffled order: every entry's 1st choice is served before any 2nd choice; an entry wins its
 * choice when the offering has seats for all its tickets, else the next entry is tried (section 5). Each rank goes
 * over the entries still waiting, in the shuffled order: not won, not voided, with a choice at that rank. Answers the
 * rank each entry won (0: none), by canonical position.
 * The entries are their canonical positions, and their tickets and choices (as offering numbers) flat arrays read in
 * one pass in canonical order: the shuffled order visits them at random, and following each entry's own objects there
 * (its choices, their strings) took four fifths of a draw's time in JS at 100,000 entries.
 */
function allocate(canonical: readonly DrawEntry[], order: Int32Array, input: DrawInput): Int32Array {
  // By id, the last offering of an id counts (as a Map of the list would).
  const numberOf = new Map(input.offerings.map((offering, i) => [offering.id, i]));
  const remaining = Float64Array.from(input.offerings, (offering) => offering.capacity);
  const width = canonical.reduce((most, entry) => Math.max(most, entry.choices.length), 0);
  const choiceOf = new Int32Array(canonical.length * width).fill(NO_CHOICE);
  const tickets = new Float64Array(canonical.length);
  const voided = new Uint8Array(canonical.length);
  canonical.forEach((entry, i) => {
    tickets[i] = entry.tickets;
    voided[i] = input.voided.has(entry.id) ? 1 : 0;
    for (let k = 0; k < entry.choices.length; k++) {
      const offering = entry.choices[k];
      if (offering !== undefined) choiceOf[i * width + k] = numberOf.get(offering) ?? UNKNOWN;
    }
  });
  const won = new Int32Array(canonical.length);
  let waiting = order.filter((i) => voided[i] === 0);
  for (let rank = 1; waiting.length > 0; rank++) {
    const next = new Int32Array(waiting.length);
    let count = 0;
    for (const i of waiting) {
      // Choices are ranked without gaps: none at this rank, none after it.
      const choice = rank <= width ? choiceOf[i * width + rank - 1]! : NO_CHOICE;
      if (choice === NO_CHOICE) continue;
      if (choice === UNKNOWN) {
        const entry = canonical[i]!;
        throw new Error(`entry ${entry.id}: unknown offering ${entry.choices[rank - 1]}`);
      }
      const seats = remaining[choice]!;
      if (seats < tickets[i]!) {
        next[count++] = i;
        continue;
      }
      remaining[choice] = seats - tickets[i]!;
      won[i] = rank;
    }
    waiting = next.subarray(0, count);
  }
  return won;
}

export async function runDraw(input: DrawInput): Promise<DrawOutcome> {
  const canonical = canonicalOrder(input.entries);
  const listHash = await entryListHash(canonical);
  const beacon = input.beacon ? hexToBytes(input.beacon.randomness) : null;
  const random = new DrawRandom(await drawKey(hexToBytes(input.seed), listHash, beacon));
  const order = shuffle(
    Int32Array.from(canonical, (_, i) => i),
    random,
  );
  const won = allocate(canonical, order, input);
  const results = canonical.map((entry, i): DrawResult => {
    const rank = won[i]!;
    if (rank > 0) return { entry: entry.id, outcome: 'won', rank, offering: entry.choices[rank - 1]! };
    return input.voided.has(entry.id)
      ? { entry: entry.id, outcome: 'void' }
      : { entry: entry.id, outcome: 'lost' };
  });
  return { entryListHash: bytesToHex(listHash), order: Array.from(order, (i) => canonical[i]!.id), results };
}

import 'server-only';
import { randomBytes } from 'node:crypto';
import { runDraw } from '@/features/presale';

/** A waiting member as the round draws them: their wait, how many seats, and the offerings they wait for. */
export interface RoundEntry {
  id: string;
  tickets: number;
  choices: string[];
}

/** Returned seats per offering. */
export interface RoundOffering {
  id: string;
  capacity: number;
}

/**
 * Draws one resale round with the presale's published algorithm (fc-draw-v1: shuffle, then rank by rank; an entry
 * wins only when all its tickets fit): entry id → offering id for each winner. The second-round engine (the other
 * half of issue 41) replaces this call with its own, which also publishes the round's record linked to the first.
 */
export async function drawRound(
  entries: RoundEntry[],
  offerings: RoundOffering[],
): Promise<{ allocation: Map<string, string>; recordId: string | null }> {
  const allocation = new Map<string, string>();
  if (entries.length === 0 || offerings.every((offering) => offering.capacity === 0)) {
    return { allocation, recordId: null };
  }
  const outcome = await runDraw({
    seed: randomBytes(32).toString('hex'),
    beacon: null,
    offerings,
    entries,
    voided: new Set(),
  });
  for (const result of outcome.results) {
    if (result.outcome === 'won') allocation.set(result.entry, result.offering);
  }
  return { allocation, recordId: null };
}

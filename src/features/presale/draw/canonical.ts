import { sha256 } from './bytes';
import type { DrawEntry } from './record';

/** Byte-wise order of ASCII ids (what `<` on JavaScript strings of ASCII gives). */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The entries in canonical order: by id, byte by byte. Two entries with one id are an invalid list. */
export function canonicalOrder(entries: readonly DrawEntry[]): DrawEntry[] {
  // A list in canonical order already (the draw hashes the list it has just ordered) is not sorted again.
  const ordered = entries.every((entry, i) => i === 0 || entries[i - 1]!.id <= entry.id);
  const sorted = ordered ? [...entries] : [...entries].sort((a, b) => compareIds(a.id, b.id));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.id === sorted[i - 1]!.id) throw new Error(`entry ${sorted[i]!.id} appears twice`);
  }
  return sorted;
}

/**
 * The canonical entry list: one line per entry in canonical order, `id TAB tickets TAB choice,choice,… LF`, in ASCII
 * (docs/presale-draw.md, section 2). Its SHA-256 is the entry list hash published at close.
 */
export function canonicalEntryList(entries: readonly DrawEntry[]): Uint8Array {
  const text = canonicalOrder(entries)
    .map((entry) => `${entry.id}\t${entry.tickets}\t${entry.choices.join(',')}\n`)
    .join('');
  return new TextEncoder().encode(text);
}

export async function entryListHash(entries: readonly DrawEntry[]): Promise<Uint8Array> {
  return sha256(canonicalEntryList(entries));
}

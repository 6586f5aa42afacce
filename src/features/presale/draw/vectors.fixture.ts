import type { DrawEntry, DrawOffering } from './record';

/**
 * The seed, offerings and entries of docs/presale-draw.md's vectors 1, 2 and 4 (section 7), written as the document
 * lists them (not in canonical order). Test-only: the tests hold each vector's expected numbers themselves.
 */
export const VECTOR_SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

export const VECTOR_OFFERINGS: DrawOffering[] = [
  { id: 'P1-S', capacity: 4 },
  { id: 'P1-A', capacity: 2 },
  { id: 'P2-S', capacity: 3 },
];

export const VECTOR_ENTRIES: DrawEntry[] = [
  { id: 'K7M2', tickets: 2, choices: ['P1-S', 'P2-S'] },
  { id: 'A1B2', tickets: 2, choices: ['P1-S'] },
  { id: 'Q9X1', tickets: 1, choices: ['P1-S', 'P1-A', 'P2-S'] },
  { id: 'C3D4', tickets: 2, choices: ['P1-S', 'P1-A'] },
  { id: 'Z0Z0', tickets: 2, choices: ['P2-S'] },
  { id: 'M5N6', tickets: 1, choices: ['P1-S'] },
  { id: 'H8J9', tickets: 2, choices: ['P1-A', 'P1-S'] },
];

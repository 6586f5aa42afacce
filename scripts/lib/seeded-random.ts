/**
 * A small deterministic generator (mulberry32): the same seed gives the same numbers in [0, 1) on every run, so the
 * demo's pictures and its synthetic crowd are the same on every fresh start. Not for anything that must be secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

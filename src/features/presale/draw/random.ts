import { concatBytes, sha256 } from './bytes';
import { DRAW_ALGORITHM } from './record';

const TWO_32 = 2 ** 32;

/** K = SHA-256("fc-draw-v1" ‖ 0x00 ‖ seed ‖ entry list hash ‖ beacon randomness) (docs/presale-draw.md, section 3). */
export async function drawKey(
  seed: Uint8Array,
  listHash: Uint8Array,
  beacon: Uint8Array | null,
): Promise<Uint8Array> {
  const label = new TextEncoder().encode(DRAW_ALGORITHM);
  return sha256(concatBytes(label, new Uint8Array([0]), seed, listHash, beacon ?? new Uint8Array()));
}

/**
 * The draw's random stream: block i is SHA-256(K ‖ i as 8 bytes big-endian), blocks concatenated from i = 0; numbers
 * are read from it 4 bytes at a time, big-endian.
 */
export class DrawRandom {
  private block: Uint8Array = new Uint8Array();
  private offset = 0;
  private counter = 0n;

  constructor(private readonly key: Uint8Array) {}

  async nextUint32(): Promise<number> {
    if (this.offset === this.block.length) {
      const counter = new Uint8Array(8);
      new DataView(counter.buffer).setBigUint64(0, this.counter);
      this.counter += 1n;
      this.block = await sha256(concatBytes(this.key, counter));
      this.offset = 0;
    }
    const value = new DataView(this.block.buffer, this.offset, 4).getUint32(0);
    this.offset += 4;
    return value;
  }

  /** A uniform integer in [0, n) for 2 ≤ n ≤ 2^32, without modulo bias: values at or above the limit are drawn again. */
  async below(n: number): Promise<number> {
    if (!Number.isInteger(n) || n < 2 || n > TWO_32) throw new Error(`below(${n}): n must be 2..2^32`);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const value = await this.nextUint32();
      if (value < limit) return value % n;
    }
  }
}

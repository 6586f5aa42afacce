import { sha256 as sha256Now } from '@noble/hashes/sha2.js';
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
 * are read from it 4 bytes at a time, big-endian. The blocks are hashed synchronously (@noble/hashes): a draw of
 * 100,000 entries reads 12,500 of them, and WebCrypto's digest, a promise each, took ten times as long.
 */
export class DrawRandom {
  private block: Uint8Array = new Uint8Array();
  private view = new DataView(this.block.buffer);
  private offset = 0;
  private counter = 0n;
  private readonly input: Uint8Array;
  private readonly counterView: DataView;

  constructor(key: Uint8Array) {
    this.input = new Uint8Array(key.length + 8);
    this.input.set(key);
    this.counterView = new DataView(this.input.buffer, key.length, 8);
  }

  nextUint32(): number {
    if (this.offset === this.block.length) {
      this.counterView.setBigUint64(0, this.counter);
      this.counter += 1n;
      this.block = sha256Now(this.input);
      this.view = new DataView(this.block.buffer, this.block.byteOffset, this.block.byteLength);
      this.offset = 0;
    }
    const value = this.view.getUint32(this.offset);
    this.offset += 4;
    return value;
  }

  /** A uniform integer in [0, n) for 2 ≤ n ≤ 2^32, without modulo bias: values at or above the limit are drawn again. */
  below(n: number): number {
    if (!Number.isInteger(n) || n < 2 || n > TWO_32) throw new Error(`below(${n}): n must be 2..2^32`);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const value = this.nextUint32();
      if (value < limit) return value % n;
    }
  }
}

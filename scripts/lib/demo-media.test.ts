import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoImage, demoVideo } from './demo-media';

interface Element {
  id: number;
  data: Buffer;
}

/** An EBML variable-length integer: its length is told by the first set bit. */
function vint(buffer: Buffer, offset: number, keepMarker: boolean): { value: number; length: number } {
  const first = buffer[offset]!;
  const length = Math.clz32(first) - 23;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + buffer[offset + i]!;
  return { value, length };
}

function children(buffer: Buffer): Element[] {
  const out: Element[] = [];
  for (let offset = 0; offset < buffer.length;) {
    const id = vint(buffer, offset, true);
    const size = vint(buffer, offset + id.length, false);
    const start = offset + id.length + size.length;
    out.push({ id: id.value, data: buffer.subarray(start, start + size.value) });
    offset = start + size.value;
  }
  return out;
}

const find = (elements: Element[], id: number) => elements.filter((element) => element.id === id);

/** A VP8 key frame is a lossy WebP once wrapped in RIFF again, so sharp can decode it. */
function asWebp(vp8: Buffer): Buffer {
  const pad = vp8.length % 2;
  const header = Buffer.alloc(20);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(12 + vp8.length + pad, 4);
  header.write('WEBPVP8 ', 8, 'latin1');
  header.writeUInt32LE(vp8.length, 16);
  return Buffer.concat([header, vp8, Buffer.alloc(pad)]);
}

describe('demoImage', () => {
  it.each([
    ['landscape', 1600, 1000],
    ['portrait', 1000, 1400],
    ['square', 1200, 1200],
  ] as const)('draws a %s JPEG of %ix%i', async (orientation, width, height) => {
    const image = await demoImage({
      label: 'LIVE 2026',
      colors: ['#FF97C9', '#F9357B'],
      orientation,
      seed: 7,
    });
    expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width, height });
  });

  it('draws the same picture for the same seed, another for another', async () => {
    const options = {
      label: 'A',
      colors: ['#000000', '#ffffff'] as [string, string],
      orientation: 'square' as const,
    };
    const a = await demoImage({ ...options, seed: 1 });
    expect(await demoImage({ ...options, seed: 1 })).toEqual(a);
    expect(await demoImage({ ...options, seed: 2 })).not.toEqual(a);
  });
});

describe('demoVideo', () => {
  it('is a seekable VP8 WebM of the full duration, made quickly', async () => {
    const started = performance.now();
    const video = await demoVideo({ seconds: 6, label: 'MOVIE <&>', colors: ['#FF97C9', '#3A3A3A'] });
    const elapsed = performance.now() - started;
    console.log(`demoVideo: 6 s of video in ${Math.round(elapsed)} ms, ${video.length} bytes`);
    expect(elapsed).toBeLessThan(4000);

    expect(video.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    const [segment] = find(children(video), 0x18538067);
    const top = children(segment!.data);
    const info = children(find(top, 0x1549a966)[0]!.data);
    const duration = find(info, 0x4489)[0]!.data.readDoubleBE(0);
    const scale =
      find(info, 0x2ad7b1)[0]?.data.readUIntBE(0, find(info, 0x2ad7b1)[0]!.data.length) ?? 1_000_000;
    expect((duration * scale) / 1e9).toBeCloseTo(6, 3);
    expect(video.includes(Buffer.from('V_VP8'))).toBe(true);
    expect(find(top, 0x1c53bb6b)).toHaveLength(1); // Cues: the player can seek without reading everything

    const blocks = find(top, 0x1f43b675).flatMap((cluster) => find(children(cluster.data), 0xa3));
    expect(blocks).toHaveLength(61);
    // Track number (1 byte), relative time (2), flags (1): every block is a key frame.
    expect(blocks.every((block) => (block.data[3]! & 0x80) !== 0)).toBe(true);

    const first = await sharp(asWebp(blocks[0]!.data.subarray(4)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const middle = await sharp(asWebp(blocks[30]!.data.subarray(4)))
      .raw()
      .toBuffer();
    expect(first.info).toMatchObject({ width: 640, height: 360 });
    expect(middle.equals(first.data)).toBe(false);
  });
});

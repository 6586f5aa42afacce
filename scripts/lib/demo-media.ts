import sharp from 'sharp';
import { ArrayBufferTarget, Muxer } from 'webm-muxer';
import { seededRandom } from './seeded-random';

/**
 * Pictures and a movie for the demo, drawn at seed time so the repository carries no binary files. Text is Latin
 * only: the machine may have no CJK fonts.
 */

type Hex = string;
export type Orientation = 'landscape' | 'portrait' | 'square';

const SIZES: Record<Orientation, { width: number; height: number }> = {
  landscape: { width: 1600, height: 1000 },
  portrait: { width: 1000, height: 1400 },
  square: { width: 1200, height: 1200 },
};

const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The largest bold font size at which the label fits the width (DejaVu Sans Bold capitals are ~0.72 em wide). */
function fitFont(label: string, width: number, max: number): number {
  return Math.round(Math.min(width / (Math.max(label.length, 1) * 0.72), max));
}

function gradient(colors: [Hex, Hex]): string {
  return `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient>`;
}

export async function demoImage(options: {
  label: string;
  colors: [Hex, Hex];
  orientation: Orientation;
  seed: number;
}): Promise<Buffer> {
  const { width, height } = SIZES[options.orientation];
  const next = seededRandom(options.seed);
  // Soft blobs: radial gradients that fade to nothing, far cheaper to draw than a blur filter.
  const blobs = Array.from({ length: 6 }, (_, i) => {
    const r = Math.round(Math.min(width, height) * (0.15 + next() * 0.35));
    const color = next() > 0.5 ? '#ffffff' : options.colors[next() > 0.5 ? 0 : 1];
    const opacity = (0.45 + next() * 0.4).toFixed(2);
    const cx = Math.round(next() * width);
    const cy = Math.round(next() * height);
    return {
      def: `<radialGradient id="b${i}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
      shape: `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#b${i})"/>`,
    };
  });
  const fontSize = fitFont(options.label, width * 0.86, height * 0.2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>${gradient(options.colors)}${blobs.map((b) => b.def).join('')}</defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${blobs.map((b) => b.shape).join('')}
    <text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="${FONT}" font-weight="bold"
      font-size="${fontSize}" fill="#ffffff" fill-opacity="0.92">${escapeXml(options.label)}</text></svg>`;
  return sharp(Buffer.from(svg)).flatten().jpeg({ quality: 85 }).toBuffer();
}

const VIDEO = { width: 640, height: 360, fps: 10 };

/** The VP8 bitstream of a lossy, opaque WebP: its 'VP8 ' chunk, which is exactly one VP8 key frame. */
export function vp8FromWebp(webp: Buffer): Buffer {
  if (webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP file');
  }
  for (let offset = 12; offset + 8 <= webp.length;) {
    const fourcc = webp.toString('latin1', offset, offset + 4);
    const size = webp.readUInt32LE(offset + 4);
    if (fourcc === 'VP8 ') return webp.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error('WebP without a VP8 chunk (lossless or animated?)');
}

function timecode(frame: number): string {
  const tenths = frame % VIDEO.fps;
  const seconds = Math.floor(frame / VIDEO.fps);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.${tenths}`;
}

async function videoFrame(frame: number, total: number, label: string, colors: [Hex, Hex]): Promise<Buffer> {
  const { width, height } = VIDEO;
  // A bar sweeping across once per movie, so any seek shows a different picture.
  const x = Math.round((frame / Math.max(total - 1, 1)) * (width - 60));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>${gradient(colors)}</defs><rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${x}" y="0" width="60" height="${height}" fill="#ffffff" opacity="0.35"/>
    <text x="50%" y="44%" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${fitFont(label, width * 0.9, 56)}" fill="#fff">${escapeXml(label)}</text>
    <text x="50%" y="70%" text-anchor="middle" font-family="${FONT}" font-size="36" fill="#fff">${timecode(frame)}  #${frame + 1}</text></svg>`;
  const webp = await sharp(Buffer.from(svg)).removeAlpha().webp({ quality: 70, effort: 0 }).toBuffer();
  return vp8FromWebp(webp);
}

/** A WebM (VP8, 640x360, 10 fps), every frame a key frame so that seeking lands anywhere at once. */
export async function demoVideo(options: {
  seconds: number;
  label: string;
  colors: [Hex, Hex];
}): Promise<Buffer> {
  const total = Math.max(1, Math.round(options.seconds * VIDEO.fps));
  const frames = await Promise.all(
    Array.from({ length: total }, (_, i) => videoFrame(i, total, options.label, options.colors)),
  );
  const muxer = new Muxer({
    target: new ArrayBufferTarget(),
    video: { codec: 'V_VP8', width: VIDEO.width, height: VIDEO.height, frameRate: VIDEO.fps },
  });
  const frameMicros = 1_000_000 / VIDEO.fps;
  frames.forEach((data, i) => muxer.addVideoChunkRaw(data, 'key', Math.round(i * frameMicros)));
  // The muxer writes the last frame's time as the duration; a closing copy of it makes the duration the full length.
  muxer.addVideoChunkRaw(frames.at(-1)!, 'key', Math.round(total * frameMicros));
  muxer.finalize();
  return Buffer.from(muxer.target.buffer);
}

import 'server-only';
import { MediaRejectedError } from '@/features/media/server/errors';
import { RENDITION_WIDTHS } from '@/features/media/server/variants';

/** Decoding is bounded by pixels, not bytes: a small PNG can expand to gigabytes. */
export const MAX_IMAGE_PIXELS = 50_000_000;

// SVG is refused on purpose: it is a document that can carry scripts, not a picture.
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export type Encoded = { name: string; data: Buffer; contentType: string; width: number; height: number };

/** Auto-oriented, metadata stripped (sharp writes none unless asked): the original plus WebP renditions. */
export async function encodeImage(bytes: Buffer): Promise<Encoded[]> {
  // Loaded on the first upload, not with the server: libvips is 6 MiB resident that only staff's uploads use.
  const { default: sharp } = await import('sharp');
  const meta = await sharp(bytes).metadata();
  if (!meta.format || !IMAGE_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new MediaRejectedError('not-image');
  }
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new MediaRejectedError('too-large');

  const base = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const original = await (
    meta.hasAlpha ? base.clone().png() : base.clone().jpeg({ quality: 90, mozjpeg: true })
  ).toBuffer({ resolveWithObject: true });
  const width = original.info.width;
  const fitting = RENDITION_WIDTHS.filter((w) => w <= width);
  // A picture narrower than the smallest width still gets one WebP, at its own size.
  const widths = fitting.length > 0 ? fitting : [width];
  const resized = [];
  for (const w of widths) {
    const out = await base
      .clone()
      .resize({ width: w })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    resized.push({ name: `w${w}`, data: out.data, contentType: 'image/webp', ...out.info });
  }
  const originalType = meta.hasAlpha ? 'image/png' : 'image/jpeg';
  return [{ name: 'original', data: original.data, contentType: originalType, ...original.info }, ...resized];
}

import type { media, MediaVariant } from '@/server/db/content-schema';

/** A media row as stored; its caption and file name are member-only with its item. */
export type MediaRow = typeof media.$inferSelect;
export type { MediaVariant } from '@/server/db/content-schema';

/** The widths every image is resized to (never enlarged). */
export const RENDITION_WIDTHS = [320, 640, 1280] as const;

const VARIANT_NAME = /^(?:original|w\d{2,5})$/;

export const isVariantName = (name: string) => VARIANT_NAME.test(name);

export function findVariant(row: MediaRow, name: string): MediaVariant | null {
  return row.variants.find((variant) => variant.name === name) ?? null;
}

/** The resized WebP renditions, narrowest first. */
export function renditions(row: MediaRow): (MediaVariant & { width: number })[] {
  return row.variants
    .filter(
      (variant): variant is MediaVariant & { width: number } =>
        variant.name !== 'original' && !!variant.width,
    )
    .sort((a, b) => a.width - b.width);
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

export function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType] ?? 'bin';
}

/**
 * The name a browser saves the file under: the uploader's, with the extension of what is actually sent (a WebP
 * rendition of "live.jpg" is "live.webp").
 */
export function downloadName(row: MediaRow, variant: MediaVariant): string {
  const base = row.fileName.replace(/\.[^.]*$/, '') || 'media';
  const extension = extensionFor(variant.contentType);
  const current = /\.([^.]+)$/.exec(row.fileName)?.[1]?.toLowerCase();
  const same = current === extension || (extension === 'jpg' && current === 'jpeg');
  return variant.name === 'original' && same ? row.fileName : `${base}.${extension}`;
}

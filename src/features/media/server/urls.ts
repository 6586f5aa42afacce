import 'server-only';
import { env } from '@/server/env';
import type { ImageView, VideoView } from '@/features/media/views';
import type { Site } from '@/features/site';
import { createMediaToken } from '@/features/media/server/signing';
import { findVariant, renditions, type MediaRow } from '@/features/media/server/variants';

/**
 * 'public' for the files of an item everyone may see (cacheable anywhere); 'signed' for everything else: a URL
 * that works for a few minutes on this site only. The caller decides, having checked the viewer.
 */
export type MediaAccess = 'public' | 'signed';

/** The width a page asks for by default: sharp enough for a phone, light enough for a list. */
const DEFAULT_WIDTH = 640;

export function mediaUrl(
  site: Pick<Site, 'id'>,
  row: MediaRow,
  variantName: string,
  access: MediaAccess,
  now: Date = new Date(),
): string {
  // A row of another site must never get a URL that this site would sign.
  if (row.siteId !== site.id) throw new Error(`media ${row.id} is not of site ${site.id}`);
  if (!findVariant(row, variantName)) throw new Error(`media ${row.id} has no variant ${variantName}`);
  if (access === 'public') return `/media/p/${row.id}/${variantName}`;
  const token = createMediaToken({ s: site.id, m: row.id, v: variantName }, env.MEDIA_URL_SECRET, now);
  return `/media/s/${token}`;
}

export function imageView(
  site: Pick<Site, 'id'>,
  row: MediaRow,
  access: MediaAccess,
  now: Date = new Date(),
): ImageView {
  const sizes = renditions(row);
  const main = sizes.filter((variant) => variant.width <= DEFAULT_WIDTH).at(-1) ?? sizes[0];
  const original = findVariant(row, 'original');
  return {
    src: mediaUrl(site, row, main?.name ?? 'original', access, now),
    srcSet: sizes
      .map((variant) => `${mediaUrl(site, row, variant.name, access, now)} ${variant.width}w`)
      .join(', '),
    width: row.width ?? original?.width ?? main?.width ?? 0,
    height: row.height ?? original?.height ?? main?.height ?? 0,
    alt: row.caption,
  };
}

export function videoView(
  site: Pick<Site, 'id'>,
  row: MediaRow,
  poster: MediaRow | null,
  access: MediaAccess,
  now: Date = new Date(),
): VideoView {
  const original = findVariant(row, 'original');
  return {
    src: mediaUrl(site, row, 'original', access, now),
    contentType: original?.contentType ?? row.contentType,
    width: row.width,
    height: row.height,
    poster: poster ? imageView(site, poster, access, now) : null,
  };
}

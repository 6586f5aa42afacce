import type { ImageView } from '@/features/content/types';

const INLINE_IMAGE = /<img src="media:([0-9a-f-]{36})"(?: alt="([^"]*)")? \/>/g;

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Gives a sanitised body's images their URLs for this viewer. Only the item's own images are placed; a reference
 * to any other file is dropped, so a body can never pull in another item's (or site's) media.
 */
export function resolveBody(html: string, images: ReadonlyMap<string, ImageView>): string {
  return html.replace(INLINE_IMAGE, (_match, id: string, alt: string | undefined) => {
    const image = images.get(id);
    if (!image) return '';
    return (
      `<img src="${attr(image.src)}" srcset="${attr(image.srcSet)}" sizes="(min-width: 768px) 720px, 100vw"` +
      ` width="${image.width}" height="${image.height}" alt="${alt ?? attr(image.alt)}" loading="lazy" decoding="async" />`
    );
  });
}

import type { ImageView } from '@/features/content/types';

/**
 * A resized image: WebP renditions at several widths, its own aspect ratio reserved before it loads (no layout
 * shift), loaded lazily unless it is the page's first, largest image.
 */
export function ContentImage({
  image,
  sizes,
  priority = false,
  className = '',
  alt,
}: {
  image: ImageView;
  sizes: string;
  priority?: boolean;
  className?: string;
  alt?: string;
}) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- our own renditions and signed URLs, not next/image's loader
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={`h-auto w-full bg-surface-muted ${className}`}
    />
  );
}

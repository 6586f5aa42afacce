'use client';

import { useState } from 'react';
import { ContentImage } from '@/features/content/components/content-image';
import type { PhotoView } from '@/features/content/types';

/** A gallery paged one photo at a time, with its caption and a strip of thumbnails; arrow keys page too. */
export function PhotoGallery({ photos }: { photos: PhotoView[] }) {
  const [index, setIndex] = useState(0);
  const photo = photos[index];
  if (!photo) return null;
  const go = (next: number) => setIndex((next + photos.length) % photos.length);
  return (
    <section
      aria-roledescription="ギャラリー"
      aria-label="写真"
      className="space-y-3"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(index + 1);
        if (event.key === 'ArrowLeft') go(index - 1);
      }}
    >
      <figure className="overflow-hidden rounded-lg bg-surface-muted">
        <div className="flex max-h-[75vh] items-center justify-center">
          <ContentImage
            key={photo.id}
            image={photo.image}
            sizes="(min-width: 768px) 768px, 100vw"
            priority
            className="max-h-[75vh] w-auto object-contain"
          />
        </div>
        {photo.caption && <figcaption className="px-4 py-3 text-sm">{photo.caption}</figcaption>}
      </figure>
      <div className="flex items-center justify-between gap-3">
        <button
          type="button"
          className="min-h-11 rounded-full border border-line px-5 font-bold"
          onClick={() => go(index - 1)}
        >
          前へ
        </button>
        <p aria-live="polite" className="text-sm font-bold" data-gallery-position>
          {index + 1} / {photos.length}
        </p>
        <button
          type="button"
          className="min-h-11 rounded-full border border-line px-5 font-bold"
          onClick={() => go(index + 1)}
        >
          次へ
        </button>
      </div>
      <ul className="grid grid-cols-5 gap-2 sm:grid-cols-8">
        {photos.map((item, position) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => setIndex(position)}
              aria-label={`${position + 1}枚目を表示`}
              aria-current={position === index ? 'true' : undefined}
              className={`block w-full overflow-hidden rounded border-2 ${position === index ? 'border-tertiary' : 'border-transparent'}`}
            >
              <ContentImage image={item.image} sizes="96px" alt="" className="aspect-square object-cover" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

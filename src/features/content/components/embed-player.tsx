'use client';

import { useState } from 'react';
import { ContentImage } from '@/features/content/components/content-image';
import type { ImageView, MovieEmbed } from '@/features/content/types';

/**
 * A video platform's player, loaded only when the fan presses play: the page stays light (no third-party script
 * or cookies before that), and the poster holds the player's place meanwhile.
 */
export function EmbedPlayer({
  embed,
  poster,
  title,
}: {
  embed: MovieEmbed;
  poster: ImageView | null;
  title: string;
}) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(embed.videoId)}?autoplay=1`}
        title={title}
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        className="aspect-video w-full rounded-lg bg-black"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className="group relative block aspect-video w-full overflow-hidden rounded-lg bg-black"
    >
      {poster && (
        <ContentImage
          image={poster}
          sizes="(min-width: 768px) 720px, 100vw"
          priority
          alt=""
          className="aspect-video object-cover opacity-80"
        />
      )}
      <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-white">
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-full bg-black/60 group-hover:bg-black/80"
        >
          <svg viewBox="0 0 24 24" className="ml-1 size-8" fill="currentColor">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
        <span className="rounded bg-black/60 px-2 py-0.5 text-sm font-bold">YouTube で再生</span>
      </span>
    </button>
  );
}

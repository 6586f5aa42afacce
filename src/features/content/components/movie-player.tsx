import { EmbedPlayer } from '@/features/content/components/embed-player';
import type { ImageView, MovieEmbed, VideoView } from '@/features/content/types';

/** An uploaded movie (seekable: the media route answers range requests) or a video platform's player. */
export function MoviePlayer({
  video,
  embed,
  poster,
  title,
}: {
  video: VideoView | null;
  embed: MovieEmbed | null;
  poster: ImageView | null;
  title: string;
}) {
  if (video) {
    return (
      <video
        controls
        playsInline
        preload="metadata"
        poster={video.poster?.src}
        width={video.width ?? undefined}
        height={video.height ?? undefined}
        className="aspect-video w-full rounded-lg bg-black"
        data-movie
      >
        <source src={video.src} type={video.contentType} />
        お使いのブラウザでは動画を再生できません。
      </video>
    );
  }
  if (embed?.provider === 'youtube') return <EmbedPlayer embed={embed} poster={poster} title={title} />;
  return null;
}

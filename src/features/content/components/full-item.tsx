import { ContentImage } from '@/features/content/components/content-image';
import { MoviePlayer } from '@/features/content/components/movie-player';
import { PhotoGallery } from '@/features/content/components/photo-gallery';
import { PresaleAccessView } from '@/features/content/components/presale-access';
import { applyState } from '@/features/content/components/ticket-schedule';
import type { ItemFull } from '@/features/content/types';
import { PresalePanel } from '@/features/presale/ui';
import { LivePlayer } from '@/features/live/ui';
import { LiveChat } from '@/features/chat/ui';

/** The member-only part of an item's page, for a viewer who may see it. */
export function FullItem({ item, now }: { item: ItemFull; now: Date }) {
  const open = item.ticket ? applyState(item.ticket, now) === '受付中' : false;
  return (
    <div className="space-y-8">
      {item.liveStream && <LivePlayer itemId={item.id} title={item.title} />}
      {item.section === 'movie' && !item.liveStream && (
        <MoviePlayer video={item.video} embed={item.embed} poster={item.cover} title={item.title} />
      )}
      {/* The chat reads who is watching on the client: this rendering is shared by every premium member. */}
      {item.chat && <LiveChat itemId={item.id} />}
      {item.section === 'photo' && item.photos.length > 0 && <PhotoGallery photos={item.photos} />}
      {item.cover && item.section !== 'movie' && item.section !== 'photo' && (
        <ContentImage
          image={item.cover}
          sizes="(min-width: 768px) 720px, 100vw"
          priority
          className="rounded-lg"
        />
      )}
      {item.section === 'ticket' && <PresalePanel itemId={item.id} />}
      {item.presale && <PresaleAccessView presale={item.presale} open={open} />}
      {item.bodyHtml && (
        // Sanitised on write (features/content/server/sanitize.ts); image URLs added on read.
        <div className="item-body" dangerouslySetInnerHTML={{ __html: item.bodyHtml }} />
      )}
    </div>
  );
}

import type { MovieEmbed, PresaleAccess, TicketSchedule } from '@/server/db/content-schema';
import type { SectionId } from '@/features/site';
import type { ImageView, VideoView } from '@/features/media';

export type { ImageView, VideoView } from '@/features/media';

export type { MovieEmbed, Performance, PresaleAccess, TicketSchedule } from '@/server/db/content-schema';

/** Who is looking: a signed-out visitor, a signed-in member without premium, or a premium member. */
export type ViewerLevel = 'visitor' | 'guest' | 'premium';

export interface PhotoView {
  id: string;
  image: ImageView;
  caption: string;
}

/** What anyone may see of an item: the public columns only. */
export interface ItemSummary {
  id: string;
  section: SectionId;
  title: string;
  teaser: string;
  publishedAt: string;
  live: boolean;
  /** true when the viewer may not open the item: the detail then shows the teaser and the call to join. */
  locked: boolean;
  cover: ImageView | null;
  ticket: TicketSchedule | null;
}

/** The whole item, built only for a viewer who may see it. */
export interface ItemFull extends ItemSummary {
  locked: false;
  bodyHtml: string;
  photos: PhotoView[];
  video: VideoView | null;
  embed: MovieEmbed | null;
  presale: PresaleAccess | null;
  /** The item is a live stream (features/live): its page shows the live player instead of a movie. */
  liveStream: boolean;
  /** The live chat is shown: the stream is on (is_live), or its chat is kept beside the archive (decision 0051). */
  chat: boolean;
}

export interface LockedItem extends ItemSummary {
  locked: true;
  cover: null;
}

export type ItemDetail = ItemFull | LockedItem;

export interface ItemPage {
  items: ItemSummary[];
  /** Opaque; pass it back to get the next page. null on the last page. */
  nextCursor: string | null;
}

import Link from 'next/link';
import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { ContentImage } from '@/features/content/components/content-image';
import { ItemBadges } from '@/features/content/components/item-badges';
import { LockedNotice } from '@/features/content/components/locked-notice';
import { MoviePlayer } from '@/features/content/components/movie-player';
import { PhotoGallery } from '@/features/content/components/photo-gallery';
import { PresaleAccessView } from '@/features/content/components/presale-access';
import { TicketScheduleView, applyState } from '@/features/content/components/ticket-schedule';
import type { ItemDetail, ItemFull, ViewerLevel } from '@/features/content/types';

/**
 * An item's page. A locked item shows its title, date, teaser and the way in, and nothing else: the detail types
 * make it impossible to pass anything more (LockedItem has no body, files or presale fields).
 */
export function ItemDetailView({
  item,
  sectionLabel,
  viewer,
  now,
}: {
  item: ItemDetail;
  sectionLabel: string;
  viewer: ViewerLevel;
  now: Date;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 md:py-12" data-item={item.locked ? 'locked' : 'full'}>
      <nav aria-label="パンくず" className="mb-4 text-sm">
        <Link href={paths.section(item.section)} className="font-bold underline underline-offset-4">
          {sectionLabel}
        </Link>
      </nav>
      <header className="mb-6 border-b border-line pb-5">
        <div className="mb-3 flex flex-wrap items-center gap-3 text-sm text-ink/75">
          <time dateTime={item.publishedAt}>{formatDateJa(item.publishedAt)}</time>
          <ItemBadges item={item} />
        </div>
        <h1 className="text-2xl leading-snug font-bold break-words md:text-3xl">{item.title}</h1>
      </header>
      {item.teaser && (item.locked || item.section === 'ticket') && (
        <p className="mb-6 leading-relaxed" data-teaser>
          {item.teaser}
        </p>
      )}
      {item.ticket && (
        <div className="mb-8">
          <TicketScheduleView schedule={item.ticket} now={now} />
        </div>
      )}
      {item.locked ? (
        <LockedNotice viewer={viewer} returnTo={paths.item(item.section, item.id)} />
      ) : (
        <FullItem item={item} now={now} />
      )}
    </article>
  );
}

function FullItem({ item, now }: { item: ItemFull; now: Date }) {
  const open = item.ticket ? applyState(item.ticket, now) === '受付中' : false;
  return (
    <div className="space-y-8">
      {item.section === 'movie' && (
        <MoviePlayer video={item.video} embed={item.embed} poster={item.cover} title={item.title} />
      )}
      {item.section === 'photo' && item.photos.length > 0 && <PhotoGallery photos={item.photos} />}
      {item.cover && item.section !== 'movie' && item.section !== 'photo' && (
        <ContentImage
          image={item.cover}
          sizes="(min-width: 768px) 720px, 100vw"
          priority
          className="rounded-lg"
        />
      )}
      {item.presale && <PresaleAccessView presale={item.presale} open={open} />}
      {item.bodyHtml && (
        // Sanitised on write (features/content/server/sanitize.ts); image URLs added on read.
        <div className="item-body" dangerouslySetInnerHTML={{ __html: item.bodyHtml }} />
      )}
    </div>
  );
}

import { Link } from '@/components/ui/link';
import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { ItemBadges } from '@/features/content/components/item-badges';
import { LockedNotice } from '@/features/content/components/locked-notice';
import { TicketScheduleView } from '@/features/content/components/ticket-schedule';
import { FullItem } from '@/features/content/components/full-item';
import type { ItemDetail, ViewerLevel } from '@/features/content/types';
import type { EntryPrice } from '@/features/membership';
import { PresaleFairnessPanel } from '@/features/presale/ui';

/**
 * An item's page. A locked item shows its title, date, teaser and the way in, and nothing else: the detail types
 * make it impossible to pass anything more (LockedItem has no body, files or presale fields).
 */
export function ItemDetailView({
  item,
  sectionLabel,
  viewer,
  now,
  entryPrice = null,
}: {
  item: ItemDetail;
  sectionLabel: string;
  viewer: ViewerLevel;
  now: Date;
  /** The cheapest way in, named beside the join button of a locked item. */
  entryPrice?: EntryPrice | null;
}) {
  const locked = item.locked;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 md:py-12" data-item={locked ? 'locked' : 'full'}>
      <nav aria-label="パンくず" className="mb-4 text-sm">
        <Link href={paths.section(item.section)} className="font-bold underline underline-offset-4">
          {sectionLabel}
        </Link>
      </nav>
      <header className="mb-6 border-b border-line pb-5">
        <div className="mb-3 flex flex-wrap items-center gap-3 text-sm text-ink/75">
          <time dateTime={item.publishedAt}>{formatDateJa(item.publishedAt)}</time>
          <ItemBadges item={{ ...item, locked }} />
        </div>
        <h1 className="text-2xl leading-snug font-bold break-words md:text-3xl">{item.title}</h1>
      </header>
      {item.teaser && (locked || item.section === 'ticket') && (
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
        <LockedNotice viewer={viewer} returnTo={paths.item(item.section, item.id)} price={entryPrice} />
      ) : (
        <FullItem item={item} now={now} />
      )}
      {item.section === 'ticket' && <PresaleFairnessPanel itemId={item.id} />}
    </article>
  );
}

import { Link } from '@/components/ui/link';
import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { ContentImage } from '@/features/content/components/content-image';
import { ItemBadges } from '@/features/content/components/item-badges';
import { LockedCover } from '@/features/content/components/locked-cover';
import type { ItemSummary } from '@/features/content/types';

const SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

/** One item in a list: its cover (or a plain panel when the viewer may not see it), date, title and badges. */
export function ItemCard({
  item,
  priority = false,
  heading: Heading = 'h3',
}: {
  item: ItemSummary;
  priority?: boolean;
  /** h2 on a section's own page (under its h1), h3 on the top page (under each section's h2). */
  heading?: 'h2' | 'h3';
}) {
  return (
    <li className="group">
      <Link
        href={paths.item(item.section, item.id)}
        className="flex h-full flex-col overflow-hidden rounded-lg border border-line bg-surface transition-shadow hover:shadow-md"
      >
        <div className="aspect-[16/10] overflow-hidden bg-surface-muted">
          {item.cover ? (
            <ContentImage
              image={item.cover}
              sizes={SIZES}
              priority={priority}
              alt=""
              className="aspect-[16/10] object-cover transition-transform group-hover:scale-[1.02]"
            />
          ) : (
            <LockedCover locked={item.locked} />
          )}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4">
          <div className="flex flex-wrap items-center gap-2 text-xs text-ink/75">
            <time dateTime={item.publishedAt}>{formatDateJa(item.publishedAt)}</time>
            <ItemBadges item={item} />
          </div>
          <Heading className="line-clamp-2 leading-snug font-bold break-words">{item.title}</Heading>
          {item.teaser && <p className="line-clamp-2 text-sm text-ink/75">{item.teaser}</p>}
        </div>
      </Link>
    </li>
  );
}

/** A compact row for text-first sections (news): date, badges, title. */
export function ItemRow({ item }: { item: ItemSummary }) {
  return (
    <li>
      <Link
        href={paths.item(item.section, item.id)}
        className="flex flex-col gap-1 border-b border-line px-1 py-4 hover:bg-surface-muted md:flex-row md:items-center md:gap-6"
      >
        <span className="flex shrink-0 items-center gap-2 text-sm text-ink/75 md:w-44">
          <time dateTime={item.publishedAt}>{formatDateJa(item.publishedAt)}</time>
        </span>
        <span className="flex flex-1 flex-wrap items-center gap-2">
          <ItemBadges item={item} />
          <span className="font-bold break-words">{item.title}</span>
        </span>
      </Link>
    </li>
  );
}

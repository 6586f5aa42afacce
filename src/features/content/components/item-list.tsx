import { ItemPageList } from '@/features/content/components/item-page-list';
import { MoreItems } from '@/features/content/components/more-items';
import type { ItemPage, ViewerLevel } from '@/features/content/types';
import type { SectionId } from '@/features/site';

interface ItemListProps {
  section: SectionId;
  viewer: ViewerLevel;
  firstPage: ItemPage;
}

/**
 * A section's list. The first page is server-rendered HTML with no script of its own; the next ones come from the
 * content API through TanStack Query, which `MoreItems` loads only when a fan asks for more.
 */
export function ItemList({ section, viewer, firstPage }: ItemListProps) {
  if (firstPage.items.length === 0) {
    return (
      <p className="rounded-lg bg-surface-muted px-4 py-12 text-center text-sm">
        まだ公開されている記事はありません。
      </p>
    );
  }
  return (
    <>
      <ItemPageList section={section} items={firstPage.items} />
      {firstPage.nextCursor && <MoreItems section={section} viewer={viewer} cursor={firstPage.nextCursor} />}
    </>
  );
}

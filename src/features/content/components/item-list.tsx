'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { paths } from '@/lib/paths';
import { getJson } from '@/lib/get-json';
import { Button } from '@/components/ui/button';
import { QueryProvider } from '@/components/ui/query-provider';
import { ItemCard, ItemRow } from '@/features/content/components/item-card';
import type { ItemPage, ViewerLevel } from '@/features/content/types';
import type { SectionId } from '@/features/site/sections';

/**
 * A section's list: the first page comes with the page (server-rendered), the next ones from the content API when
 * asked for. The cursor is the API's own; the viewer's level is part of the key, so signing in never shows a page
 * fetched for the signed-out visitor.
 */
interface ItemListProps {
  section: SectionId;
  viewer: ViewerLevel;
  firstPage: ItemPage;
}

/** The list is the one user of the query client: only the pages with a list load it (not the top page). */
export function ItemList(props: ItemListProps) {
  return (
    <QueryProvider>
      <PagedItems {...props} />
    </QueryProvider>
  );
}

function PagedItems({ section, viewer, firstPage }: ItemListProps) {
  const query = useInfiniteQuery({
    queryKey: ['content', section, viewer],
    queryFn: ({ pageParam }) =>
      getJson<ItemPage>(`${paths.contentApi(section)}?cursor=${encodeURIComponent(pageParam ?? '')}`),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    initialData: { pages: [firstPage], pageParams: [null] },
  });
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <p className="rounded-lg bg-surface-muted px-4 py-12 text-center text-sm">
        まだ公開されている記事はありません。
      </p>
    );
  }
  return (
    <>
      {section === 'news' ? (
        <ul className="border-t border-line">
          {items.map((item) => (
            <ItemRow key={item.id} item={item} />
          ))}
        </ul>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, index) => (
            <ItemCard key={item.id} item={item} priority={index < 3} heading="h2" />
          ))}
        </ul>
      )}
      <div className="mt-8 flex flex-col items-center gap-2" aria-live="polite">
        {query.isFetchNextPageError && (
          <p role="alert" className="text-sm text-error">
            {query.error.message}
          </p>
        )}
        {query.hasNextPage && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? '読み込み中…' : 'もっと見る'}
          </Button>
        )}
      </div>
    </>
  );
}

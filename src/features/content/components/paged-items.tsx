'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { QueryProvider } from '@/components/ui/query-provider';
import { getJson } from '@/lib/get-json';
import { paths } from '@/lib/paths';
import { ItemPageList } from '@/features/content/components/item-page-list';
import type { MoreItemsProps } from '@/features/content/components/more-items';
import type { ItemPage } from '@/features/content/types';

/**
 * The pages after a section's first one, from the content API. The cursor is the API's own; the viewer's level is
 * part of the key, so signing in never shows a page fetched for the signed-out visitor.
 */
function Pages({ section, viewer, cursor }: MoreItemsProps) {
  const query = useInfiniteQuery({
    queryKey: ['content', section, viewer, cursor],
    queryFn: ({ pageParam }) =>
      getJson<ItemPage>(`${paths.contentApi(section)}?cursor=${encodeURIComponent(pageParam)}`),
    initialPageParam: cursor,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const loading = query.isPending || query.isFetchingNextPage;
  // Until the first answer, the button stays where the fan pressed it; a failed first fetch can be tried again.
  const canAskMore = query.data ? query.hasNextPage : query.isError;
  return (
    <>
      {items.length > 0 && <ItemPageList section={section} items={items} continued />}
      <div className="mt-8 flex flex-col items-center gap-2" aria-live="polite">
        {query.isError && (
          <p role="alert" className="text-sm text-error">
            {query.error.message}
          </p>
        )}
        {(loading || canAskMore) && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => void (query.data ? query.fetchNextPage() : query.refetch())}
            disabled={loading}
          >
            {loading ? '読み込み中…' : 'もっと見る'}
          </Button>
        )}
      </div>
    </>
  );
}

export default function PagedItems(props: MoreItemsProps) {
  return (
    <QueryProvider>
      <Pages {...props} />
    </QueryProvider>
  );
}

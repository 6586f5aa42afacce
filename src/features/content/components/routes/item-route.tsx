import type { Metadata } from 'next';
import { ItemDetailView } from '@/features/content/components/item-detail';
import { loadItem, type PageMode } from '@/features/content/server/pages';
import type { ContentParams } from '@/features/content/components/routes/params';

/** An item's page: for a visitor, a guest member, a premium member, or the request's viewer. */
export async function ItemRoute({ host, section, id, mode }: ContentParams & { mode: PageMode }) {
  const { ctx, entry, item } = await loadItem(host, section, id, mode);
  return <ItemDetailView item={item} sectionLabel={entry.displayName} viewer={ctx.viewer} now={ctx.now} />;
}

/** An item's title and teaser, never its body nor any of its files (a signed URL is nobody's business). */
export async function itemMetadata(params: ContentParams, mode: PageMode): Promise<Metadata> {
  const { entry, item } = await loadItem(params.host, params.section, params.id, mode);
  const description = item.teaser || `${entry.displayName}の記事です。`;
  return {
    title: item.title,
    description,
    openGraph: {
      title: item.title,
      description,
      type: 'article',
      publishedTime: item.publishedAt,
    },
  };
}

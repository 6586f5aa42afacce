import type { Metadata } from 'next';
import { ItemDetailView } from '@/features/content/components/item-detail';
import { loadItem } from '@/features/content/server/pages';
import type { ContentParams } from '@/features/content/components/routes/params';

/** An item's page for an audience: a visitor, a guest member or a premium member. */
export async function ItemRoute({ host, audience, section, id }: ContentParams) {
  const { ctx, entry, item, price } = await loadItem(host, audience, section, id);
  return (
    <ItemDetailView
      item={item}
      sectionLabel={entry.displayName}
      viewer={ctx.viewer}
      now={ctx.now}
      entryPrice={price}
    />
  );
}

/** An item's title and teaser, never its body nor any of its files (a signed URL is nobody's business). */
export async function itemMetadata(params: ContentParams): Promise<Metadata> {
  const { entry, item } = await loadItem(params.host, params.audience, params.section, params.id);
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

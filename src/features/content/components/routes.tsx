import type { Metadata } from 'next';
import { PageHeading } from '@/components/ui/page-heading';
import { SectionBadge } from '@/features/site/components/section-badge';
import { TopPage } from '@/features/site/components/top-page';
import { ItemList } from '@/features/content/components/item-list';
import { ItemDetailView } from '@/features/content/components/item-detail';
import { LatestItems } from '@/features/content/components/latest-items';
import { loadItem, loadSection, loadTop, type PageMode } from '@/features/content/server/pages';

/** The pages of app/[host] and app/[host]/member-view: the same pages, for a visitor or for the request's viewer. */

export interface ContentParams {
  host: string;
  section: string;
  id: string;
}

export async function TopRoute({ host, mode }: { host: string; mode: PageMode }) {
  const { ctx, latest } = await loadTop(host, mode);
  const nodes = Object.fromEntries(
    [...latest].map(([section, items]) => [
      section,
      items.length > 0 ? <LatestItems section={section} items={items} /> : undefined,
    ]),
  );
  return <TopPage config={ctx.site.config} latest={nodes} />;
}

export async function SectionRoute({ host, section, mode }: Omit<ContentParams, 'id'> & { mode: PageMode }) {
  const { ctx, entry, firstPage } = await loadSection(host, section, mode);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeading aside={<SectionBadge status={entry.requiredUserStatus} />}>
        {entry.displayName}
      </PageHeading>
      <ItemList section={entry.id} viewer={ctx.viewer} firstPage={firstPage} />
    </div>
  );
}

export async function ItemRoute({
  host,
  section,
  id,
  mode,
  shell = false,
}: ContentParams & { mode: PageMode; shell?: boolean }) {
  const { ctx, entry, item } = await loadItem(host, section, id, mode);
  return (
    <ItemDetailView
      item={item}
      sectionLabel={entry.displayName}
      viewer={ctx.viewer}
      now={ctx.now}
      shell={shell}
    />
  );
}

export async function sectionMetadata(params: Omit<ContentParams, 'id'>, mode: PageMode): Promise<Metadata> {
  const { entry } = await loadSection(params.host, params.section, mode);
  return { title: entry.displayName };
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

import { TopPage } from '@/features/site/components/top-page';
import { LatestItems } from '@/features/content/components/latest-items';
import { loadTop, type PageMode } from '@/features/content/server/pages';

/**
 * The top page of app/[host] and app/[host]/member-view. One file per kind of page: a page's bundle carries every
 * client component its module graph reaches, and the top page must not carry the lists' query client.
 */
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

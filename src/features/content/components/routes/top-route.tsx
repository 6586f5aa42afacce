import { TopPage } from '@/features/site/ui';
import { LatestItems } from '@/features/content/components/latest-items';
import { loadTop } from '@/features/content/server/pages';
import type { AudienceParams } from '@/features/content/components/routes/params';

/**
 * The top page for an audience. One file per kind of page: a page's bundle carries every client component its module
 * graph reaches, and the top page must not carry the lists' query client.
 */
export async function TopRoute({ host, audience }: AudienceParams) {
  const { ctx, latest } = await loadTop(host, audience);
  const nodes = Object.fromEntries(
    [...latest].map(([section, items]) => [
      section,
      items.length > 0 ? <LatestItems section={section} items={items} /> : undefined,
    ]),
  );
  return <TopPage config={ctx.site.config} latest={nodes} />;
}

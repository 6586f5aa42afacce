import 'server-only';
import { and, desc, inArray } from 'drizzle-orm';
import { notFound } from 'next/navigation';
import { getDb } from '@/server/db';
import { contentItems } from '@/server/db/schema';
import { paths } from '@/lib/paths';
import type { Site } from '@/features/site';
import { SECTION_IDS, findSection, normalizeHost } from '@/features/site';
import { getSite } from '@/features/site/app';
import { visible } from '@/features/content/server/rows';

const MAX_URLS = 10_000;

function xml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Titles, dates and addresses only: what a signed-out visitor sees in a list. */
async function publicEntries(site: Site, limit: number) {
  const sections = SECTION_IDS.filter((id) => findSection(site.config, id));
  return (await getDb())
    .select({
      id: contentItems.id,
      section: contentItems.section,
      title: contentItems.title,
      teaser: contentItems.teaser,
      publishedAt: contentItems.publishedAt,
    })
    .from(contentItems)
    .where(and(visible(site.id, new Date()), inArray(contentItems.section, sections)))
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
    .limit(limit);
}

export async function sitemapXml(site: Site, origin: string): Promise<string> {
  const sections = SECTION_IDS.filter((id) => findSection(site.config, id));
  const urls = [
    `<url><loc>${xml(origin)}/</loc></url>`,
    ...sections.map((id) => `<url><loc>${xml(origin + paths.section(id))}</loc></url>`),
    ...(await publicEntries(site, MAX_URLS)).map(
      (item) =>
        `<url><loc>${xml(origin + paths.item(item.section, item.id))}</loc><lastmod>${item.publishedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** RSS 2.0 of the newest items: title, link, date and the public teaser, never a body. */
export async function feedXml(site: Site, origin: string): Promise<string> {
  const items = (await publicEntries(site, 30)).map((item) => {
    const link = xml(origin + paths.item(item.section, item.id));
    return `<item><title>${xml(item.title)}</title><link>${link}</link><guid>${link}</guid><pubDate>${item.publishedAt.toUTCString()}</pubDate><description>${xml(item.teaser)}</description></item>`;
  });
  const { SERVICE_NAME, DESCRIPTION } = site.config;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${xml(SERVICE_NAME)}</title><link>${xml(origin)}/</link><description>${xml(DESCRIPTION)}</description><language>ja</language>\n${items.join('\n')}\n</channel></rss>\n`;
}

/** GET of /sitemap.xml or /feed.xml on the route's site, with the site's own address in every link. */
export function xmlRoute(render: (site: Site, origin: string) => Promise<string>, contentType: string) {
  return async (_request: Request, context: { params: Promise<{ host: string }> }) => {
    const { host } = await context.params;
    const site = (await getSite(host)) ?? notFound();
    const origin = `https://${normalizeHost(decodeURIComponent(host))}`;
    return new Response(await render(site, origin), {
      headers: { 'Content-Type': `${contentType}; charset=utf-8` },
    });
  };
}

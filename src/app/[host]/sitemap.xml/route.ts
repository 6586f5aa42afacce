import { notFound } from 'next/navigation';
import { getSite } from '@/features/site/server/site';
import { normalizeHost } from '@/features/site/host';
import { sitemapXml } from '@/features/content/server/feeds';

// Public addresses only, the same for everyone: cached like the pages.
export const revalidate = 300;

export function generateStaticParams() {
  return [];
}

export async function GET(_request: Request, context: { params: Promise<{ host: string }> }) {
  const { host } = await context.params;
  const site = (await getSite(host)) ?? notFound();
  const origin = `https://${normalizeHost(decodeURIComponent(host))}`;
  return new Response(await sitemapXml(site, origin), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
}

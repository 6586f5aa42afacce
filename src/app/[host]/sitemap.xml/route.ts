import { sitemapXml, xmlRoute } from '@/features/content/app';

// Public addresses only, the same for everyone: cached like the pages.
export const revalidate = 300;

export function generateStaticParams() {
  return [];
}

export const GET = xmlRoute(sitemapXml, 'application/xml');

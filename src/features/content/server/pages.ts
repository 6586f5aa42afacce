import 'server-only';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/errors';
import { getDb } from '@/server/db';
import { getSite } from '@/features/site/app';
import { findSection, SECTION_IDS, type SectionId } from '@/features/site';
import { isAudience } from '@/features/content/audience';
import { findItem, latestOf, listSection } from '@/features/content/server/items';
import { entryPrice } from '@/features/membership/server';
import type { ViewContext } from '@/features/content/server/rows';
import type { ViewerLevel } from '@/features/content/types';

/**
 * A content page's viewer is its audience, as proxy.ts chose it from the request's session and put it in the path
 * (app/[host]/for/[audience]): the page never reads the request, so one rendering serves the whole audience and holds
 * nothing of any one person (docs/decisions/0022). Anything else in that segment is not a page.
 */
export async function viewContext(
  host: string,
  audience: string,
): Promise<ViewContext & { viewer: ViewerLevel }> {
  if (!isAudience(audience)) notFound();
  const site = (await getSite(host)) ?? notFound();
  return { site, viewer: audience, now: new Date() };
}

function sectionIdOf(value: string): SectionId | null {
  return (SECTION_IDS as readonly string[]).includes(value) ? (value as SectionId) : null;
}

// Each loader runs once per request, however many of generateMetadata and the page ask.
export const loadSection = cache(async (host: string, audience: string, sectionParam: string) => {
  const ctx = await viewContext(host, audience);
  const id = sectionIdOf(sectionParam);
  const entry = id ? findSection(ctx.site.config, id) : undefined;
  if (!id || !entry) notFound();
  const firstPage = await listSection(await getDb(), ctx, id);
  return { ctx, entry, firstPage };
});

export const loadItem = cache(
  async (host: string, audience: string, sectionParam: string, itemId: string) => {
    const ctx = await viewContext(host, audience);
    const id = sectionIdOf(sectionParam);
    const entry = id ? findSection(ctx.site.config, id) : undefined;
    if (!id || !entry) notFound();
    const db = await getDb();
    const item = await findItem(db, ctx, id, itemId).catch((error: unknown) => {
      if (isAppError(error)) return null;
      throw error;
    });
    if (!item) notFound();
    // The way in names its price: the site's, the same for the whole audience, so the shared rendering may hold it.
    const price = item.locked ? await entryPrice(db, ctx.site.id) : null;
    return { ctx, entry, item, price };
  },
);

export const TOP_ITEMS_PER_SECTION = 4;

export const loadTop = cache(async (host: string, audience: string) => {
  const ctx = await viewContext(host, audience);
  const sections = ctx.site.config.TOP_PAGE_CONTENT;
  const latest = await latestOf(await getDb(), ctx, sections, TOP_ITEMS_PER_SECTION);
  return { ctx, latest };
});

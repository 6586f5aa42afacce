import 'server-only';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/errors';
import { getDb } from '@/server/db';
import { getSite } from '@/features/site/server/site';
import { findSection } from '@/features/site/navigation';
import { SECTION_IDS, type SectionId } from '@/features/site/sections';
import { getViewerLevel } from '@/features/content/server/viewer-level';
import { findItem, latestOf, listSection } from '@/features/content/server/items';
import type { ViewContext } from '@/features/content/server/rows';
import type { ViewerLevel } from '@/features/content/types';

/**
 * How a page learns its viewer. 'public' pages are the cached ones every signed-out visitor gets: they never read
 * the request, so they can hold nothing but what a visitor may see. 'member' pages (app/[host]/member-view, which
 * proxy.ts serves to requests carrying a session) are rendered per request for the viewer they find. 'guest' pages
 * are cached like public ones, for the signed-in members without premium the front server found, and 'premium' ones
 * (the top page and lists) for the premium members it found: nothing in them is personal (decision 0012).
 */
export type PageMode = 'public' | 'guest' | 'premium' | 'member';

export async function viewContext(
  host: string,
  mode: PageMode,
): Promise<ViewContext & { viewer: ViewerLevel }> {
  const site = (await getSite(host)) ?? notFound();
  const viewer = mode === 'member' ? await getViewerLevel(host) : mode === 'public' ? 'visitor' : mode;
  return { site, viewer, now: new Date() };
}

function sectionIdOf(value: string): SectionId | null {
  return (SECTION_IDS as readonly string[]).includes(value) ? (value as SectionId) : null;
}

// Each loader runs once per request, however many of generateMetadata and the page ask.
export const loadSection = cache(async (host: string, sectionParam: string, mode: PageMode) => {
  const ctx = await viewContext(host, mode);
  const id = sectionIdOf(sectionParam);
  const entry = id ? findSection(ctx.site.config, id) : undefined;
  if (!id || !entry) notFound();
  const firstPage = await listSection(await getDb(), ctx, id);
  return { ctx, entry, firstPage };
});

export const loadItem = cache(async (host: string, sectionParam: string, itemId: string, mode: PageMode) => {
  const ctx = await viewContext(host, mode);
  const id = sectionIdOf(sectionParam);
  const entry = id ? findSection(ctx.site.config, id) : undefined;
  if (!id || !entry) notFound();
  const item = await findItem(await getDb(), ctx, id, itemId).catch((error: unknown) => {
    if (isAppError(error)) return null;
    throw error;
  });
  return { ctx, entry, item: item ?? notFound() };
});

export const TOP_ITEMS_PER_SECTION = 4;

export const loadTop = cache(async (host: string, mode: PageMode) => {
  const ctx = await viewContext(host, mode);
  const sections = ctx.site.config.TOP_PAGE_CONTENT;
  const latest = await latestOf(await getDb(), ctx, sections, TOP_ITEMS_PER_SECTION);
  return { ctx, latest };
});

import 'server-only';
import { revalidatePath } from 'next/cache';
import type { Db } from '@/server/db/client';
import { siteHostNames } from '@/features/site/server/repository';
import { VIEW_ROUTES } from '@/features/front/views';
import { frontBus } from '@/features/front/bus';
import { bumpPageCacheGeneration } from '@/features/front/server/generations';

const ITEM_PATH = /^\/[^/]+\/[^/]+$/;
/** The top page and a section's list: the premium members' rendering of them is kept too. */
const LIST_PATH = /^\/[^/.]*$/;

/**
 * Drops the cached renderings of these site paths on every host of the site, so the next request renders them
 * afresh from the database: a change is visible at once and nothing stale is served afterwards. The cached pages
 * live under /{host}/... (proxy.ts), which is the path Next.js tags them with; an item's page also has the member
 * renderings under /{host}/guest-view and /{host}/premium-view, and the top page and lists the premium one. Then the site's page-cache generation moves on: this
 * process's front server drops the site's pages at once, and every other instance within a second (decision 0012).
 * Call from a route handler or action.
 */
export async function revalidateSitePaths(db: Db, siteId: string, sitePaths: string[]): Promise<void> {
  const hosts = await siteHostNames(db, siteId);
  const views = new Set(Object.values(VIEW_ROUTES));
  for (const host of hosts) {
    for (const sitePath of sitePaths) {
      revalidatePath(sitePath === '/' ? `/${host}` : `/${host}${sitePath}`);
      if (ITEM_PATH.test(sitePath)) for (const view of views) revalidatePath(`/${host}${view}${sitePath}`);
      if (LIST_PATH.test(sitePath)) {
        revalidatePath(`/${host}${VIEW_ROUTES.premium}${sitePath === '/' ? '' : sitePath}`);
      }
    }
  }
  const generation = await bumpPageCacheGeneration(db, siteId);
  frontBus()?.siteChanged(siteId, generation);
}

/** What a change to one content item can show on: the item, its section's list, the top page, the feed and sitemap. */
export function contentPaths(section: string, itemId: string): string[] {
  return ['/', `/${section}`, `/${section}/${itemId}`, '/feed.xml', '/sitemap.xml'];
}

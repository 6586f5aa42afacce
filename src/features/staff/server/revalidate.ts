import 'server-only';
import { revalidatePath } from 'next/cache';
import type { Db } from '@/server/db/client';
import { siteHostNames } from '@/features/site/server/repository';

/**
 * Drops the cached renderings of these site paths on every host of the site, so the next request renders them
 * afresh from the database: a change is visible at once and nothing stale is served afterwards. The cached pages
 * live under /{host}/... (proxy.ts), which is the path Next.js tags them with. Call from a route handler or action.
 */
export async function revalidateSitePaths(db: Db, siteId: string, sitePaths: string[]): Promise<void> {
  const hosts = await siteHostNames(db, siteId);
  for (const host of hosts) {
    for (const sitePath of sitePaths) revalidatePath(sitePath === '/' ? `/${host}` : `/${host}${sitePath}`);
  }
}

/** What a change to one content item can show on: the item, its section's list, the top page, the feed and sitemap. */
export function contentPaths(section: string, itemId: string): string[] {
  return ['/', `/${section}`, `/${section}/${itemId}`, '/feed.xml', '/sitemap.xml'];
}

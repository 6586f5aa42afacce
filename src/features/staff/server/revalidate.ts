import 'server-only';
import { revalidatePath } from 'next/cache';
import type { Db } from '@/server/db/client';
import { bumpPageCacheGeneration } from '@/server/page-cache/generation';

/**
 * After a change staff made to a site (content, files, legal pages): every rendering Next.js keeps goes (all of
 * app/[host]: publishing is rare, and no list of paths can miss one; Next.js tells its cache handler, the store the
 * front server answers from, so this instance serves the change at once), and the site's page-cache generation
 * moves on and is announced (NOTIFY), on which every other instance drops the site's renderings (decision 0023).
 * Call from a route handler or action, after the change is committed.
 */
export async function renewSitePages(db: Db, siteId: string): Promise<void> {
  revalidatePath('/[host]', 'layout');
  await bumpPageCacheGeneration(db, siteId);
}

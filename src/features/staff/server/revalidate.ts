import 'server-only';
import { revalidatePath } from 'next/cache';
import type { Db } from '@/server/db/client';
import { frontBus } from '@/features/front/bus';
import { bumpPageCacheGeneration } from '@/features/front/server/generations';

/**
 * After a change staff made to a site (content, files, legal pages): every rendering Next.js keeps is rendered afresh
 * at its next request (all of app/[host]: publishing is rare, and no list of paths can miss one), and the site's
 * page-cache generation moves on and is announced (NOTIFY): this process's front server drops the site's pages at
 * once, every other instance when it hears it (decision 0022). Call from a route handler or action, after the change
 * is committed.
 */
export async function renewSitePages(db: Db, siteId: string): Promise<void> {
  revalidatePath('/[host]', 'layout');
  const generation = await bumpPageCacheGeneration(db, siteId);
  frontBus()?.siteChanged(siteId, generation);
}

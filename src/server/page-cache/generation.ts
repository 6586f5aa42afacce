import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { pageCacheGenerations } from '@/server/db/schema';

/**
 * Here, below the features, because every feature whose staff changes a site's pages moves the generation on
 * (renewSitePages), while the front server, at the top, listens for it (decision 0042).
 */

/** The PostgreSQL channel on which a site's move to a new generation is announced to every instance. */
export const PAGE_CACHE_CHANNEL = 'fc_page_cache';

/**
 * Moves the site's page-cache generation on and tells every instance (NOTIFY, delivered when the caller's transaction
 * commits, so an instance never renders the site afresh before the change is visible); each drops the site's
 * cached pages when it hears it, or at its next read of the generations.
 */
export async function bumpPageCacheGeneration(db: Db, siteId: string): Promise<number> {
  const [row] = await db
    .insert(pageCacheGenerations)
    .values({ siteId, generation: 1 })
    .onConflictDoUpdate({
      target: pageCacheGenerations.siteId,
      set: { generation: sql`${pageCacheGenerations.generation} + 1`, changedAt: sql`now()` },
    })
    .returning({ generation: pageCacheGenerations.generation });
  await db.execute(sql`SELECT pg_notify(${PAGE_CACHE_CHANNEL}, ${siteId})`);
  return row!.generation;
}

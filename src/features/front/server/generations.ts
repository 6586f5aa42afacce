import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { pageCacheGenerations } from '@/server/db/schema';

/** Moves the site's page-cache generation on; every instance drops the site's cached pages when it sees it. */
export async function bumpPageCacheGeneration(db: Db, siteId: string): Promise<number> {
  const [row] = await db
    .insert(pageCacheGenerations)
    .values({ siteId, generation: 1 })
    .onConflictDoUpdate({
      target: pageCacheGenerations.siteId,
      set: { generation: sql`${pageCacheGenerations.generation} + 1`, changedAt: sql`now()` },
    })
    .returning({ generation: pageCacheGenerations.generation });
  return row!.generation;
}

/** Every site's generation: one small read, which each instance makes about once a second. */
export async function readPageCacheGenerations(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ siteId: pageCacheGenerations.siteId, generation: pageCacheGenerations.generation })
    .from(pageCacheGenerations);
  return new Map(rows.map((row) => [row.siteId, row.generation]));
}

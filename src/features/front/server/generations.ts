import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbHandle } from '@/server/db/client';
import { contentItems, pageCacheGenerations, presales } from '@/server/db/schema';
import { rowsOf } from '@/server/db/raw';
import { PAGE_CACHE_CHANNEL } from '@/server/page-cache/generation';

export { bumpPageCacheGeneration, PAGE_CACHE_CHANNEL } from '@/server/page-cache/generation';

/** Every site's generation: one small read, made when an instance hears of a change (and now and then besides). */
export async function readPageCacheGenerations(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ siteId: pageCacheGenerations.siteId, generation: pageCacheGenerations.generation })
    .from(pageCacheGenerations);
  return new Map(rows.map((row) => [row.siteId, row.generation]));
}

/** A time in a presale's schedule (ISO 8601, as the content schemas write it), or null. */
const scheduleTime = (field: 'applyFrom' | 'applyUntil') =>
  sql`CASE WHEN ${contentItems.ticket}->>${field} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T'
        THEN (${contentItems.ticket}->>${field})::timestamptz END`;

/**
 * Each site's next scheduled change of its pages: an item published with a date to come, or a presale's application
 * window (the item's, or its members' presale's) opening or closing (its state and LIVE badge change then). Its cached pages stop being current at that
 * moment.
 */
export async function readNextPublications(db: Db, now = new Date()): Promise<Map<string, Date>> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const moments = [contentItems.publishedAt, scheduleTime('applyFrom'), scheduleTime('applyUntil')].map(
    (moment) =>
      sql`SELECT ${contentItems.siteId} AS site_id, ${moment} AS at FROM ${contentItems}
          WHERE ${contentItems.state} = 'published' AND ${moment} > ${at}`,
  );
  // An item with a members' presale shows the presale's window (content's PUBLIC_COLUMNS): its opening and close.
  for (const moment of [presales.opensAt, presales.closesAt]) {
    moments.push(
      sql`SELECT ${presales.siteId} AS site_id, ${moment} AS at FROM ${presales} WHERE ${moment} > ${at}`,
    );
  }
  const result: unknown = await db.execute(
    sql`SELECT site_id, min(at) AS at FROM (${sql.join(moments, sql` UNION ALL `)}) AS moments GROUP BY site_id`,
  );
  const rows = rowsOf<{ site_id: string; at: string | Date }>(result);
  return new Map(rows.map((row) => [row.site_id, new Date(row.at)]));
}

/**
 * Listens for the sites' generation changes (bumpPageCacheGeneration's NOTIFY) and checks that a notice really comes
 * back: through a pooler in transaction mode, or the embedded PGlite served over the wire, LISTEN is accepted but
 * nothing arrives. True when notices are heard; the caller then polls only as a safety net.
 */
export async function listenForPageCacheChanges(
  db: Db,
  listen: DbHandle['listen'],
  onChange: () => void,
): Promise<boolean> {
  if (!listen) return false;
  const probe = `probe:${randomUUID()}`;
  let heard: () => void = () => {};
  const echoed = new Promise<boolean>((resolve) => {
    heard = () => resolve(true);
    setTimeout(() => resolve(false), 2_000).unref();
  });
  try {
    // Every (re)connection of the listener reads the generations: notices sent while it was away are lost.
    await listen(PAGE_CACHE_CHANNEL, (payload) => (payload === probe ? heard() : onChange()), onChange);
    await db.execute(sql`SELECT pg_notify(${PAGE_CACHE_CHANNEL}, ${probe})`);
    return await echoed;
  } catch (error) {
    console.warn('page cache: LISTEN failed; polling instead.', error);
    return false;
  }
}

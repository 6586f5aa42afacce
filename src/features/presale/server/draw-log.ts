import 'server-only';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { drawLog } from '@/server/db/schema';
import {
  DRAW_LOG_ALGORITHM,
  nextDrawLogEntry,
  type DrawLog,
  type DrawLogEntry,
  type DrawLogKind,
} from '@/features/presale/draw';

/**
 * Appends one entry to the site's draw log (fc-draw-log-v1), inside the caller's transaction, so that the entry is
 * there exactly when its cause is. The site's lock (held to the end of the transaction) makes every instance append
 * one after the other, so the chain never forks; the key (site, seq) would refuse a fork all the same.
 */
export async function appendDrawLog(
  tx: Db,
  siteId: string,
  presaleId: string,
  kind: DrawLogKind,
  value: string,
  now: Date,
): Promise<DrawLogEntry> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`draw-log:${siteId}`}, 0))`);
  const [last] = await tx
    .select({ seq: drawLog.seq, hash: drawLog.hash })
    .from(drawLog)
    .where(eq(drawLog.siteId, siteId))
    .orderBy(desc(drawLog.seq))
    .limit(1);
  const entry = await nextDrawLogEntry(last ?? null, {
    at: now.toISOString(),
    presale: presaleId,
    kind,
    value,
  });
  await tx.insert(drawLog).values({
    siteId,
    seq: entry.seq,
    at: now,
    presaleId,
    kind,
    value,
    prev: entry.prev,
    hash: entry.hash,
  });
  return entry;
}

/** The site's whole log as published (`/api/draws/log`), oldest first: what verifyDrawLog checks. */
export async function readDrawLog(db: Db, siteId: string, site: string): Promise<DrawLog> {
  const rows = await db.select().from(drawLog).where(eq(drawLog.siteId, siteId)).orderBy(asc(drawLog.seq));
  return {
    algorithm: DRAW_LOG_ALGORITHM,
    site,
    entries: rows.map((row) => ({
      seq: row.seq,
      at: row.at.toISOString(),
      presale: row.presaleId,
      kind: row.kind,
      value: row.value,
      prev: row.prev,
      hash: row.hash,
    })),
  };
}

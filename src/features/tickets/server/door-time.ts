import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { endOfJapanDay } from '@/lib/dates';
import type { Db } from '@/server/db/client';
import { doorSyncs } from '@/server/db/schema';
import type { RefusalReason } from '@/features/tickets/code/reasons';

/** Check-in may begin this long before doors open (queues, early entry), docs/decisions/0036. */
export const DOOR_OPEN_MARGIN_MS = 2 * 3_600_000;
/** A door device's clock may be this far off the server's, either way. */
export const CLOCK_TOLERANCE_MS = 60_000;

/** The door window of a performance: from the margin before doors open (or the start) to the end of its day. */
export function doorWindow(performance: { startsAt: Date; doorsAt: Date | null }) {
  const opens = performance.doorsAt ?? performance.startsAt;
  return {
    from: new Date(opens.getTime() - DOOR_OPEN_MARGIN_MS),
    until: endOfJapanDay(performance.startsAt),
  };
}

/**
 * When an offline scan claims it was made, bounded: within the door window, not before the device's last contact
 * with the server for this performance (when one is known), not in the future. Otherwise the reason staff read.
 */
export function offlineScanTime(
  claimed: number,
  bounds: { window: { from: Date; until: Date }; lastSync: Date | null; now: Date },
): { ok: true; at: Date } | { ok: false; reason: RefusalReason } {
  if (claimed > bounds.now.getTime() + CLOCK_TOLERANCE_MS) return { ok: false, reason: 'offline-future' };
  if (claimed < bounds.window.from.getTime() || claimed >= bounds.window.until.getTime())
    return { ok: false, reason: 'offline-outside-window' };
  if (bounds.lastSync && claimed < bounds.lastSync.getTime() - CLOCK_TOLERANCE_MS)
    return { ok: false, reason: 'offline-before-sync' };
  return { ok: true, at: new Date(Math.min(claimed, bounds.now.getTime())) };
}

/** The device's (its staff session's) last contact with the server for this performance, if any. */
export async function lastDoorSync(
  db: Db,
  device: string | null,
  performanceId: string,
): Promise<Date | null> {
  if (!device) return null;
  const [row] = await db
    .select({ syncedAt: doorSyncs.syncedAt })
    .from(doorSyncs)
    .where(and(eq(doorSyncs.sessionHash, device), eq(doorSyncs.performanceId, performanceId)))
    .limit(1);
  return row?.syncedAt ?? null;
}

/**
 * Records a contact: the roster fetched, or a batch of scans judged (after them: they were judged by the one before).
 * Only for a performance of this site (an unknown id records nothing); never backwards (answers out of order).
 */
export async function recordDoorSync(
  db: Db,
  device: string,
  siteId: string,
  performanceId: string,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    insert into door_syncs (session_hash, site_id, performance_id, synced_at)
    select ${device}, ${siteId}::uuid, pp.id, ${now.toISOString()}::timestamptz
    from presale_performances pp join presales p on p.id = pp.presale_id
    where pp.id = ${performanceId}::uuid and p.site_id = ${siteId}::uuid
    on conflict (session_hash, performance_id)
    do update set synced_at = greatest(door_syncs.synced_at, excluded.synced_at)`);
}

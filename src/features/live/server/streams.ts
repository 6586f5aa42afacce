import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import { isUuid } from '@/lib/uuid';
import type { Db } from '@/server/db/client';
import { contentItems } from '@/server/db/content-schema';
import { liveStreams, type LiveStreamRow } from '@/server/db/live-schema';
import { bumpPageCacheGeneration } from '@/server/page-cache/generation';
import type { Site } from '@/features/site';
import { assertCan, recordAudit, type StaffActor } from '@/features/staff/server';
import { hashStreamSecret, newStreamSecret, secretMatches } from '@/features/live/server/keys';

export async function findStreamOfItem(
  db: Db,
  siteId: string,
  itemId: string,
): Promise<LiveStreamRow | null> {
  if (!isUuid(itemId)) return null;
  const [row] = await db
    .select()
    .from(liveStreams)
    .where(and(eq(liveStreams.siteId, siteId), eq(liveStreams.itemId, itemId)))
    .limit(1);
  return row ?? null;
}

export interface StreamSettings {
  scheduledAt: Date;
  /** 0 to 365 days of archive after the stream ends. */
  archiveDays: number;
}

/** What the audit log keeps of a stream: never its key. */
const snapshot = (row: LiveStreamRow | null) =>
  row && {
    scheduledAt: row.scheduledAt.toISOString(),
    archiveDays: row.archiveDays,
    state: row.state,
    archiveUntil: row.archiveUntil?.toISOString() ?? null,
  };

async function lockItem(tx: Db, actor: StaffActor, site: Site, itemId: string) {
  if (!isUuid(itemId)) throw new AppError('NOT_FOUND');
  const [item] = await tx
    .select({ id: contentItems.id, section: contentItems.section })
    .from(contentItems)
    .where(and(eq(contentItems.id, itemId), eq(contentItems.siteId, actor.siteId)))
    .for('update')
    .limit(1);
  if (!item) throw new AppError('NOT_FOUND');
  if (item.section !== site.config.LIVE_SECTION) {
    throw new AppError('BAD_REQUEST', 'このセクションの記事はライブ配信にできません。');
  }
  return item;
}

/**
 * Makes the item a live stream, or changes its schedule and archive period. A new stream gets its key, returned
 * this once (only its hash is kept). An ended stream's archive period counts again from its end.
 */
export async function saveStream(
  db: Db,
  actor: StaffActor,
  site: Site,
  itemId: string,
  settings: StreamSettings,
): Promise<{ stream: LiveStreamRow; secret: string | null }> {
  assertCan(actor, 'content:write');
  return db.transaction(async (tx) => {
    await lockItem(tx, actor, site, itemId);
    const before = await findStreamOfItem(tx, actor.siteId, itemId);
    let stream: LiveStreamRow;
    let secret: string | null = null;
    if (before) {
      [stream] = (await tx
        .update(liveStreams)
        .set({
          scheduledAt: settings.scheduledAt,
          archiveDays: settings.archiveDays,
          archiveUntil: before.endedAt
            ? sql`${before.endedAt.toISOString()}::timestamptz + ${settings.archiveDays} * interval '1 day'`
            : null,
          updatedAt: sql`now()`,
        })
        .where(eq(liveStreams.id, before.id))
        .returning()) as [LiveStreamRow];
    } else {
      secret = newStreamSecret();
      [stream] = (await tx
        .insert(liveStreams)
        .values({
          siteId: actor.siteId,
          itemId,
          keyHash: hashStreamSecret(secret),
          scheduledAt: settings.scheduledAt,
          archiveDays: settings.archiveDays,
        })
        .returning()) as [LiveStreamRow];
    }
    await recordAudit(tx, actor, {
      action: before ? 'live.update' : 'live.create',
      targetType: 'content_item',
      targetId: itemId,
      before: snapshot(before),
      after: snapshot(stream),
    });
    return { stream, secret };
  });
}

/** A new key for the stream: the old one stops working at once (an encoder already live keeps going). */
export async function regenerateStreamKey(
  db: Db,
  actor: StaffActor,
  site: Site,
  itemId: string,
): Promise<{ stream: LiveStreamRow; secret: string }> {
  assertCan(actor, 'content:write');
  return db.transaction(async (tx) => {
    await lockItem(tx, actor, site, itemId);
    const secret = newStreamSecret();
    const [stream] = await tx
      .update(liveStreams)
      .set({ keyHash: hashStreamSecret(secret), updatedAt: sql`now()` })
      .where(and(eq(liveStreams.siteId, actor.siteId), eq(liveStreams.itemId, itemId)))
      .returning();
    if (!stream) throw new AppError('NOT_FOUND', 'この記事にはライブ配信が設定されていません。');
    await recordAudit(tx, actor, {
      action: 'live.key',
      targetType: 'content_item',
      targetId: itemId,
      before: null,
      after: { regenerated: true },
    });
    return { stream, secret };
  });
}

/**
 * nginx-rtmp's on_publish: the encoder's stream key is right, so the stream is on. The item turns LIVE (its badge,
 * the top page) in the same transaction, and every instance drops the site's cached pages. A reconnecting encoder
 * (the stream had ended moments ago) takes it live again. False: refused, the encoder is dropped.
 */
export async function startPublishing(db: Db, streamId: string, secret: string | null, now = new Date()) {
  // The name is also the HLS folder's, which the signed URLs name in lower case.
  if (!isUuid(streamId) || streamId !== streamId.toLowerCase()) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(liveStreams)
      .where(eq(liveStreams.id, streamId))
      .for('update')
      .limit(1);
    if (!row || !secretMatches(secret, row.keyHash)) return false;
    await tx
      .update(liveStreams)
      .set({
        state: 'live',
        startedAt: row.startedAt ?? now,
        endedAt: null,
        archiveUntil: null,
        updatedAt: now,
      })
      .where(eq(liveStreams.id, row.id));
    await tx
      .update(contentItems)
      .set({ isLive: true })
      .where(and(eq(contentItems.id, row.itemId), eq(contentItems.siteId, row.siteId)));
    await bumpPageCacheGeneration(tx, row.siteId);
    return true;
  });
}

/**
 * nginx-rtmp's on_publish_done: the encoder stopped. The item leaves LIVE and becomes its archive for the period
 * staff set. Only with the stream's key, so nobody else can end a stream; a stream not live is left alone.
 */
export async function stopPublishing(db: Db, streamId: string, secret: string | null, now = new Date()) {
  if (!isUuid(streamId)) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(liveStreams)
      .where(eq(liveStreams.id, streamId))
      .for('update')
      .limit(1);
    if (!row || !secretMatches(secret, row.keyHash)) return false;
    if (row.state !== 'live') return true;
    await tx
      .update(liveStreams)
      .set({
        state: 'ended',
        endedAt: now,
        archiveUntil: new Date(now.getTime() + row.archiveDays * 86_400_000),
        updatedAt: now,
      })
      .where(eq(liveStreams.id, row.id));
    await tx
      .update(contentItems)
      .set({ isLive: false })
      .where(and(eq(contentItems.id, row.itemId), eq(contentItems.siteId, row.siteId)));
    await bumpPageCacheGeneration(tx, row.siteId);
    return true;
  });
}

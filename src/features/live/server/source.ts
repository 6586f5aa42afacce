import 'server-only';
import { and, eq, lte } from 'drizzle-orm';
import { isUuid } from '@/lib/uuid';
import type { Db } from '@/server/db/client';
import { contentItems } from '@/server/db/content-schema';
import { liveStreams } from '@/server/db/live-schema';
import { requiredStatus, type Site } from '@/features/site';
import type { LiveSource } from '@/features/live/types';
import { hlsExpiry, signedPlaylistUrl, viewerTag, type HlsKind } from '@/features/live/server/signing';

export interface LiveViewer {
  level: 'visitor' | 'guest' | 'premium';
  /** The member's uid on this site; null for a visitor. */
  uid: string | null;
}

export interface LiveServer {
  /** LIVE_HLS_URL */
  hlsUrl: string;
  /** LIVE_URL_SECRET */
  secret: string;
}

export type LiveSourceResult =
  { ok: true; source: LiveSource } | { ok: false; reason: 'not-found' | 'forbidden' };

/**
 * What the item's player may play, for this viewer, now: the same rule as the item's page (content's accessOf: the
 * item published and due on this site, and the viewer's level at least the section's, unless the item is open to
 * everyone), then an address signed for this viewer, this stream and a few minutes. After the archive period there
 * is nothing to sign: the archive is gone for everyone.
 */
export async function liveSourceFor(
  db: Db,
  site: Site,
  itemId: string,
  viewer: LiveViewer,
  server: LiveServer,
  now = new Date(),
): Promise<LiveSourceResult> {
  if (!isUuid(itemId)) return { ok: false, reason: 'not-found' };
  const [found] = await db
    .select({ section: contentItems.section, openToAll: contentItems.openToAll, stream: liveStreams })
    .from(contentItems)
    .innerJoin(
      liveStreams,
      and(eq(liveStreams.itemId, contentItems.id), eq(liveStreams.siteId, contentItems.siteId)),
    )
    .where(
      and(
        eq(contentItems.id, itemId),
        eq(contentItems.siteId, site.id),
        eq(contentItems.state, 'published'),
        lte(contentItems.publishedAt, now),
      ),
    )
    .limit(1);
  if (!found) return { ok: false, reason: 'not-found' };
  const required = requiredStatus(site.config, found);
  if (required === null) return { ok: false, reason: 'not-found' };
  if (required === 'premium' && viewer.level !== 'premium') return { ok: false, reason: 'forbidden' };

  const { stream } = found;
  const sign = (kind: HlsKind, notAfter: Date | null) =>
    signedPlaylistUrl(
      server.hlsUrl,
      {
        streamId: stream.id,
        kind,
        viewer: viewerTag(site.id, viewer.uid),
        expires: hlsExpiry(now, notAfter),
      },
      server.secret,
    );
  const scheduledAt = stream.scheduledAt.toISOString();
  if (stream.state === 'scheduled') return { ok: true, source: { state: 'scheduled', scheduledAt } };
  if (stream.state === 'live') {
    return {
      ok: true,
      source: {
        state: 'live',
        scheduledAt,
        startedAt: (stream.startedAt ?? now).toISOString(),
        url: sign('live', null),
      },
    };
  }
  const archiveUntil = stream.archiveUntil && stream.archiveUntil > now ? stream.archiveUntil : null;
  return {
    ok: true,
    source: {
      state: 'ended',
      scheduledAt,
      endedAt: (stream.endedAt ?? now).toISOString(),
      archiveUntil: archiveUntil?.toISOString() ?? null,
      url: archiveUntil ? sign('archive', archiveUntil) : null,
    },
  };
}

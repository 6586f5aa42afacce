import 'server-only';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { contentItems, media } from '@/server/db/content-schema';
import { env } from '@/server/env';
import { jsonError } from '@/server/http/responses';
import type { ObjectStorage } from '@/server/storage';
import { isUuid } from '@/lib/uuid';
import { requiredStatus, type Site } from '@/features/site';
import { parseRange } from '@/features/media/server/range';
import { secondsUntilExpiry, verifyMediaToken } from '@/features/media/server/signing';
import {
  downloadName,
  findVariant,
  isVariantName,
  type MediaRow,
  type MediaVariant,
} from '@/features/media/server/variants';

export interface MediaServeContext {
  db: Db;
  storage: ObjectStorage;
  /** The site of the request's host; null for a host no site owns. */
  site: Site | null;
  now?: Date;
}

export const EXPIRED_MESSAGE = 'リンクの有効期限が切れました。ページを再読み込みしてください。';
export const FORBIDDEN_MESSAGE = 'このファイルを表示する権限がありません。';

// Refusals say nothing about the file: not whether it exists, not whose it is.
const notFound = () => jsonError('NOT_FOUND');
const forbidden = (message = FORBIDDEN_MESSAGE) => jsonError('FORBIDDEN', message);

async function sendVariant(
  request: Request,
  storage: ObjectStorage,
  variant: MediaVariant,
  extra: Record<string, string>,
): Promise<Response> {
  const size = variant.byteSize;
  const base = { 'Accept-Ranges': 'bytes', 'X-Content-Type-Options': 'nosniff' };
  // No validators are sent, so an If-Range can never be confirmed: the whole file it is.
  const range = request.headers.has('if-range')
    ? { kind: 'full' as const }
    : parseRange(request.headers.get('range'), size);
  if (range.kind === 'unsatisfiable') {
    const headers = { ...base, 'Content-Range': `bytes */${size}`, 'Cache-Control': 'private, no-store' };
    return new Response(null, { status: 416, headers });
  }
  const part = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
  const status = part ? 206 : 200;
  const headers: Record<string, string> = {
    ...base,
    ...extra,
    'Content-Type': variant.contentType,
    'Content-Length': String(part ? part.end - part.start + 1 : size),
  };
  if (part) headers['Content-Range'] = `bytes ${part.start}-${part.end}/${size}`;

  if (request.method === 'HEAD') {
    return (await storage.head(variant.key)) ? new Response(null, { status, headers }) : notFound();
  }
  const object = await storage.get(variant.key, part);
  if (!object) return notFound();
  if (object.size !== size) {
    await object.body.cancel();
    throw new Error(`stored size of ${variant.key} is ${object.size}, recorded ${size}`);
  }
  return new Response(object.body, { status, headers });
}

/** Never a 500 for a file: a broken store is "try again later", and its details stay in the log. */
async function guarded(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    console.error(error);
    return jsonError('UNAVAILABLE');
  }
}

async function findOfSite(db: Db, siteId: string, mediaId: string): Promise<MediaRow | null> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.siteId, siteId)))
    .limit(1);
  return row ?? null;
}

/** GET /media/s/{token}: any file of this site, for whoever holds a URL the site signed minutes ago. */
export function serveSignedMedia(
  request: Request,
  context: MediaServeContext,
  token: string,
): Promise<Response> {
  return guarded(async () => {
    const { site } = context;
    const now = context.now ?? new Date();
    if (!site) return notFound();
    const result = verifyMediaToken(token, env.MEDIA_URL_SECRET, now);
    if (!result.ok) return forbidden(result.reason === 'expired' ? EXPIRED_MESSAGE : FORBIDDEN_MESSAGE);
    const { payload } = result;
    if (payload.s !== site.id || !isUuid(payload.m)) return forbidden();
    const row = await findOfSite(context.db, site.id, payload.m);
    const variant = row && findVariant(row, payload.v);
    if (!row || !variant) return notFound();
    return sendVariant(request, context.storage, variant, {
      'Cache-Control': `private, max-age=${secondsUntilExpiry(payload, now)}`,
      'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(downloadName(row, variant))}`,
      // Member files are for this site's own pages, not for embedding elsewhere.
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
  });
}

/** GET /media/p/{id}/{variant}: only files of published items that everyone may see, so caches may keep them. */
export function servePublicMedia(
  request: Request,
  context: MediaServeContext,
  mediaId: string,
  variantName: string,
): Promise<Response> {
  return guarded(async () => {
    const { site } = context;
    const now = context.now ?? new Date();
    if (!site || !isUuid(mediaId) || !isVariantName(variantName)) return notFound();
    const [found] = await context.db
      .select({ row: media, section: contentItems.section, openToAll: contentItems.openToAll })
      .from(media)
      .innerJoin(contentItems, eq(contentItems.id, media.itemId))
      .where(
        and(
          eq(media.id, mediaId),
          eq(media.siteId, site.id),
          eq(contentItems.siteId, site.id),
          eq(contentItems.state, 'published'),
          lte(contentItems.publishedAt, now),
        ),
      )
      .limit(1);
    if (!found || requiredStatus(site.config, found) !== 'guest') return notFound();
    const variant = findVariant(found.row, variantName);
    if (!variant) return notFound();
    return sendVariant(request, context.storage, variant, { 'Cache-Control': 'public, max-age=300' });
  });
}

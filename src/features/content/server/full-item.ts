import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { chatMessages, contentItems, liveStreams, media, presales } from '@/server/db/schema';
import { imageView, videoView } from '@/features/media/server';
import { resolveBody } from '@/features/content/server/body';
import { summaryOf, type PublicRow, type ViewContext } from '@/features/content/server/rows';
import type { ImageView, ItemFull } from '@/features/content/types';

/**
 * The member-only part of an item. Called only by findItem once the viewer was found allowed: this is the one
 * place body, presale access, embed and files are read for a page.
 */
export async function fullItem(
  db: Db,
  ctx: ViewContext,
  row: PublicRow,
  urls: 'public' | 'signed',
): Promise<ItemFull> {
  // One round trip (a member's page view makes at most three, issue 7): the item's row once per file.
  const rows = await db
    .select({
      bodyHtml: contentItems.bodyHtml,
      presale: contentItems.presale,
      hasPresale: sql<boolean>`exists (select 1 from ${presales} p where p.item_id = "content_items"."id")`,
      embed: contentItems.embed,
      liveStream: sql<boolean>`exists (select 1 from ${liveStreams} l where l.item_id = "content_items"."id")`,
      chat: sql<boolean>`("content_items"."is_live" or exists (select 1 from ${chatMessages} c where c.item_id = "content_items"."id"))`,
      file: media,
    })
    .from(contentItems)
    .leftJoin(media, and(eq(media.itemId, contentItems.id), eq(media.siteId, contentItems.siteId)))
    .where(and(eq(contentItems.id, row.id), eq(contentItems.siteId, ctx.site.id)))
    .orderBy(asc(media.position), asc(media.createdAt));
  const secret = rows[0];
  const files = rows.flatMap((entry) => (entry.file ? [entry.file] : []));
  const image = (file: (typeof files)[number]): ImageView => imageView(ctx.site, file, urls, ctx.now);
  const cover = files.find((file) => file.role === 'cover') ?? null;
  const video = files.find((file) => file.role === 'video') ?? null;
  const inline = new Map(files.filter((file) => file.kind === 'image').map((file) => [file.id, image(file)]));
  return {
    ...summaryOf(ctx, row, true),
    locked: false,
    cover: cover ? image(cover) : null,
    bodyHtml: resolveBody(secret?.bodyHtml ?? '', inline),
    photos: files
      .filter((file) => file.role === 'gallery')
      .map((file) => ({ id: file.id, image: image(file), caption: file.caption })),
    video: video ? videoView(ctx.site, video, cover, urls, ctx.now) : null,
    embed: secret?.embed ?? null,
    // One way to apply (issue 37): an item with a members' presale shows its panel only, never the shared code and
    // the outside application link besides (not even in the response).
    presale: secret?.hasPresale ? null : (secret?.presale ?? null),
    liveStream: secret?.liveStream ?? false,
    chat: secret?.chat ?? false,
  };
}

import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { contentItems, media } from '@/server/db/schema';
import { findSection } from '@/features/site';
import type { SectionId } from '@/features/site';
import { imageView } from '@/features/media/server';
import { decodeCursor, encodeCursor } from '@/features/content/cursor';
import { fullItem } from '@/features/content/server/full-item';
import {
  accessOf,
  PUBLIC_COLUMNS,
  summaryOf,
  visible,
  type PublicRow,
  type ViewContext,
} from '@/features/content/server/rows';
import type { ItemDetail, ItemPage, ItemSummary } from '@/features/content/types';

export const PAGE_SIZE = 12;

/** One page of a section, newest first. Covers only for items the viewer may open. */
export async function listSection(
  db: Db,
  ctx: ViewContext,
  section: SectionId,
  options: { cursor?: string | null; limit?: number } = {},
): Promise<ItemPage> {
  if (!findSection(ctx.site.config, section)) throw new AppError('NOT_FOUND');
  const limit = options.limit ?? PAGE_SIZE;
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await db
    .select(PUBLIC_COLUMNS)
    .from(contentItems)
    .where(
      and(
        visible(ctx.site.id, ctx.now),
        eq(contentItems.section, section),
        after
          ? sql`(${contentItems.publishedAt}, ${contentItems.id}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: await withCovers(db, ctx, shown),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

async function withCovers(db: Db, ctx: ViewContext, rows: PublicRow[]): Promise<ItemSummary[]> {
  const access = new Map(rows.map((row) => [row.id, accessOf(ctx, row)]));
  const allowedIds = rows.filter((row) => access.get(row.id)!.allowed).map((row) => row.id);
  const covers = allowedIds.length
    ? await db
        .select()
        .from(media)
        .where(
          and(
            eq(media.siteId, ctx.site.id),
            inArray(media.itemId, allowedIds),
            inArray(media.role, ['cover', 'gallery']),
          ),
        )
        // A gallery has no cover of its own: its first photo stands for it.
        .orderBy(asc(media.role), asc(media.position))
    : [];
  return rows.map((row) => {
    const { allowed, urls } = access.get(row.id)!;
    const cover = allowed ? covers.find((file) => file.itemId === row.id) : undefined;
    return {
      ...summaryOf(ctx, row, allowed),
      cover: cover ? imageView(ctx.site, cover, urls, ctx.now) : null,
    };
  });
}

/**
 * The latest items of each of the given sections (the top page): one query for all sections (a UNION ALL of one
 * index scan each) and one for their covers, so that a member's top page stays within three round trips.
 */
export async function latestOf(
  db: Db,
  ctx: ViewContext,
  sections: readonly SectionId[],
  perSection: number,
): Promise<Map<SectionId, ItemSummary[]>> {
  const offered = sections.filter((section) => findSection(ctx.site.config, section));
  const [first, second, ...rest] = offered.map((section) =>
    db
      .select(PUBLIC_COLUMNS)
      .from(contentItems)
      .where(and(visible(ctx.site.id, ctx.now), eq(contentItems.section, section)))
      .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
      .limit(perSection),
  );
  const rows: PublicRow[] = first ? await (second ? unionAll(first, second, ...rest) : first) : [];
  const items = await withCovers(db, ctx, rows);
  return new Map(
    sections.map((section) => [
      section,
      items
        .filter((item) => item.section === section)
        .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id.localeCompare(a.id)),
    ]),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One item as this viewer may see it: everything, or (locked) its title, date and teaser and nothing else. null
 * for an id that is not a published item of this site's section.
 */
export async function findItem(
  db: Db,
  ctx: ViewContext,
  section: SectionId,
  id: string,
): Promise<ItemDetail | null> {
  if (!UUID.test(id) || !findSection(ctx.site.config, section)) return null;
  const [row] = await db
    .select(PUBLIC_COLUMNS)
    .from(contentItems)
    .where(and(visible(ctx.site.id, ctx.now), eq(contentItems.section, section), eq(contentItems.id, id)))
    .limit(1);
  if (!row) return null;
  return detailOf(db, ctx, row);
}

/**
 * The gate of every item page (and of the staff preview): a viewer who may not open the item gets its public
 * columns only. `signedUrls` makes even an open item's files signed (a draft's files are not served publicly).
 */
export async function detailOf(
  db: Db,
  ctx: ViewContext,
  row: PublicRow,
  options: { signedUrls?: boolean } = {},
): Promise<ItemDetail> {
  const { allowed, urls } = accessOf(ctx, row);
  if (!allowed) return { ...summaryOf(ctx, row, false), locked: true, cover: null };
  return fullItem(db, ctx, row, options.signedUrls ? 'signed' : urls);
}

import 'server-only';
import { and, asc, desc, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { contentItems, media } from '@/server/db/schema';
import type { Site, SectionId } from '@/features/site';
import { previewItem } from '@/features/content/server/preview-item';
import { imageView } from '@/features/media/server';
import type { ItemDetail } from '@/features/content/types';
import { assertCan } from '@/features/staff/server';
import type { StaffActor } from '@/features/staff';
import {
  assertItemId,
  assertSite,
  findOwn,
  itemStatus,
  type ItemStatus,
  type StaffItem,
} from '@/features/content/staff/server/staff-item';

export const STAFF_PAGE_SIZE = 20;

export interface StaffListRow {
  id: string;
  title: string;
  status: ItemStatus;
  publishedAt: string;
  openToAll: boolean;
  isLive: boolean;
}

/** One page (1-based) of a section's items, drafts and scheduled ones included, newest first. */
export async function listStaffItems(
  db: Db,
  actor: StaffActor,
  section: SectionId,
  page: number,
  now: Date = new Date(),
): Promise<{ items: StaffListRow[]; page: number; hasNext: boolean }> {
  assertCan(actor, 'content:write');
  const current = Number.isInteger(page) && page >= 1 ? page : 1;
  const rows = await db
    .select({
      id: contentItems.id,
      title: contentItems.title,
      state: contentItems.state,
      publishedAt: contentItems.publishedAt,
      openToAll: contentItems.openToAll,
      isLive: contentItems.isLive,
    })
    .from(contentItems)
    .where(and(eq(contentItems.siteId, actor.siteId), eq(contentItems.section, section)))
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.createdAt), desc(contentItems.id))
    .limit(STAFF_PAGE_SIZE + 1)
    .offset((current - 1) * STAFF_PAGE_SIZE);
  return {
    items: rows.slice(0, STAFF_PAGE_SIZE).map((row) => ({
      id: row.id,
      title: row.title,
      status: itemStatus(row, now),
      publishedAt: row.publishedAt.toISOString(),
      openToAll: row.openToAll,
      isLive: row.isLive,
    })),
    page: current,
    hasNext: rows.length > STAFF_PAGE_SIZE,
  };
}

/** An item for its edit page, with the URLs the editor shows its inline images by (signed, staff only). */
export async function loadItemForEdit(
  db: Db,
  actor: StaffActor,
  itemId: string,
  now: Date = new Date(),
): Promise<{ item: StaffItem; imageUrls: Record<string, string> }> {
  assertCan(actor, 'content:write');
  const item = await findOwn(db, actor, itemId);
  const files = await db
    .select()
    .from(media)
    .where(and(eq(media.siteId, actor.siteId), eq(media.itemId, item.id), eq(media.kind, 'image')))
    .orderBy(asc(media.position));
  const site = { id: actor.siteId };
  const imageUrls = Object.fromEntries(
    files.map((file) => [file.id, imageView(site, file, 'signed', now).src]),
  );
  return { item, imageUrls };
}

/** The item as a guest or a premium member would see it, in whatever state it is in. */
export async function previewStaffItem(
  db: Db,
  actor: StaffActor,
  site: Site,
  itemId: string,
  viewer: 'guest' | 'premium',
  now: Date = new Date(),
): Promise<ItemDetail> {
  assertCan(actor, 'content:write');
  assertSite(actor, site);
  assertItemId(itemId);
  return (await previewItem(db, site, itemId, viewer, now)) ?? notFound();
}

function notFound(): never {
  throw new AppError('NOT_FOUND');
}

/** An item of the actor's site for an API to act on; NOT_FOUND otherwise. */
export async function findStaffItem(db: Db, actor: StaffActor, itemId: string): Promise<StaffItem> {
  assertCan(actor, 'content:write');
  return findOwn(db, actor, itemId);
}

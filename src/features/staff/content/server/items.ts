import 'server-only';
import { and, asc, desc, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { contentItems, media } from '@/server/db/schema';
import type { Site } from '@/features/site/server/repository';
import { findSection } from '@/features/site/navigation';
import type { SectionId } from '@/features/site/sections';
import { createItem, updateItem, type ItemUpdate } from '@/features/content/server/write';
import { previewItem } from '@/features/content/server/preview-item';
import { imageView } from '@/features/media/server/urls';
import { deleteStoredFiles } from '@/features/media/server/remove';
import type { ItemDetail } from '@/features/content/types';
import type { MovieEmbed, PresaleAccess, TicketSchedule } from '@/server/db/content-schema';
import { assertCan, type StaffActor } from '@/features/staff/server/actor';
import { recordAudit } from '@/features/staff/server/audit';
import {
  parseYouTubeId,
  tokyoLocalToDate,
  type ItemFormValues,
  type NewItemValues,
} from '@/features/staff/content/schemas';

/** Everything staff see and the audit log records of an item (the body included). */
const STAFF_COLUMNS = {
  id: contentItems.id,
  section: contentItems.section,
  title: contentItems.title,
  teaser: contentItems.teaser,
  bodyHtml: contentItems.bodyHtml,
  openToAll: contentItems.openToAll,
  state: contentItems.state,
  publishedAt: contentItems.publishedAt,
  isLive: contentItems.isLive,
  ticket: contentItems.ticket,
  presale: contentItems.presale,
  embed: contentItems.embed,
  updatedAt: contentItems.updatedAt,
};

export interface StaffItem {
  id: string;
  section: SectionId;
  title: string;
  teaser: string;
  bodyHtml: string;
  openToAll: boolean;
  state: 'draft' | 'published';
  publishedAt: Date;
  isLive: boolean;
  ticket: TicketSchedule | null;
  presale: PresaleAccess | null;
  embed: MovieEmbed | null;
  updatedAt: Date;
}

export type ItemStatus = 'draft' | 'scheduled' | 'published';

/** 下書き, 予約 (published with a time still to come) or 公開中. */
export function itemStatus(item: { state: 'draft' | 'published'; publishedAt: Date }, now: Date): ItemStatus {
  if (item.state === 'draft') return 'draft';
  return item.publishedAt > now ? 'scheduled' : 'published';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function assertSite(actor: StaffActor, site: Site): void {
  if (site.id !== actor.siteId) throw new AppError('FORBIDDEN');
}

/** The item of the actor's site, as it is now; NOT_FOUND for an id of another site (or none). */
async function findOwn(db: Db, actor: StaffActor, itemId: string): Promise<StaffItem> {
  if (!UUID.test(itemId)) throw new AppError('NOT_FOUND');
  const [row] = await db
    .select(STAFF_COLUMNS)
    .from(contentItems)
    .where(and(eq(contentItems.siteId, actor.siteId), eq(contentItems.id, itemId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** What the audit log keeps of an item: its fields, without the bookkeeping column. */
function snapshot(item: StaffItem) {
  const fields: Partial<StaffItem> = { ...item };
  delete fields.updatedAt;
  return { ...fields, publishedAt: item.publishedAt.toISOString() };
}

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

/** A new draft of a section the site offers, dated now. */
export async function createStaffItem(
  db: Db,
  actor: StaffActor,
  site: Site,
  input: NewItemValues,
): Promise<StaffItem> {
  assertCan(actor, 'content:write');
  assertSite(actor, site);
  if (!findSection(site.config, input.section)) throw new AppError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const { id } = await createItem(tx, actor.siteId, {
      section: input.section,
      title: input.title,
      state: 'draft',
    });
    const item = await findOwn(tx, actor, id);
    await recordAudit(tx, actor, {
      action: 'content.create',
      targetType: 'content_item',
      targetId: id,
      before: null,
      after: snapshot(item),
    });
    return item;
  });
}

/** The columns the form's values set, for this section: fields of other sections are left as they are. */
export function updateFromForm(section: SectionId, values: ItemFormValues): ItemUpdate {
  const update: ItemUpdate = {
    title: values.title,
    teaser: values.teaser,
    bodyHtml: values.bodyHtml,
    openToAll: values.openToAll,
    isLive: values.isLive,
    publishedAt: tokyoLocalToDate(values.publishedAt)!,
  };
  if (section === 'movie') {
    const videoId = values.youtube === '' ? null : parseYouTubeId(values.youtube);
    update.embed = videoId ? { provider: 'youtube', videoId } : null;
  }
  if (section === 'ticket') {
    const from = tokyoLocalToDate(values.applyFrom);
    const until = tokyoLocalToDate(values.applyUntil);
    update.ticket =
      from && until
        ? {
            performances: values.performances.map((performance) => ({
              startsAt: tokyoLocalToDate(performance.startsAt)!.toISOString(),
              ...(performance.doorsAt && { doorsAt: tokyoLocalToDate(performance.doorsAt)!.toISOString() }),
              venue: performance.venue,
              ...(performance.area && { area: performance.area }),
            })),
            applyFrom: from.toISOString(),
            applyUntil: until.toISOString(),
          }
        : null;
    const presale: PresaleAccess = {
      ...(values.presaleCode && { code: values.presaleCode }),
      ...(values.applyUrl && { applyUrl: values.applyUrl }),
    };
    update.presale = presale.code || presale.applyUrl ? presale : null;
  }
  return update;
}

/** Saves an item's fields (parsed with itemSchemaFor(its section)); the body is sanitised on the way in. */
export async function updateStaffItem(
  db: Db,
  actor: StaffActor,
  itemId: string,
  values: ItemFormValues,
): Promise<StaffItem> {
  assertCan(actor, 'content:write');
  return changeItem(db, actor, itemId, 'content.update', (item) => updateFromForm(item.section, values));
}

/** Puts an item on the site: at once, or from its date when that is still to come (scheduled). */
export async function publishStaffItem(db: Db, actor: StaffActor, itemId: string): Promise<StaffItem> {
  assertCan(actor, 'content:write');
  return changeItem(db, actor, itemId, 'content.publish', () => ({ state: 'published' }));
}

/** Takes an item off the site (back to a draft); its next request is a 404. */
export async function unpublishStaffItem(db: Db, actor: StaffActor, itemId: string): Promise<StaffItem> {
  assertCan(actor, 'content:write');
  return changeItem(db, actor, itemId, 'content.unpublish', () => ({ state: 'draft' }));
}

async function changeItem(
  db: Db,
  actor: StaffActor,
  itemId: string,
  action: string,
  change: (item: StaffItem) => ItemUpdate,
): Promise<StaffItem> {
  return db.transaction(async (tx) => {
    const before = await lockOwn(tx, actor, itemId);
    await updateItem(tx, actor.siteId, itemId, change(before));
    const after = await findOwn(tx, actor, itemId);
    await recordAudit(tx, actor, {
      action,
      targetType: 'content_item',
      targetId: itemId,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/** Reads the item under a row lock, so two saves of one item are recorded one after the other. */
async function lockOwn(db: Db, actor: StaffActor, itemId: string): Promise<StaffItem> {
  if (!UUID.test(itemId)) throw new AppError('NOT_FOUND');
  const [row] = await db
    .select(STAFF_COLUMNS)
    .from(contentItems)
    .where(and(eq(contentItems.siteId, actor.siteId), eq(contentItems.id, itemId)))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Deletes an item with its media rows, then their stored files. The files go after the commit: a failure there
 * leaves an unreferenced object behind, never a row pointing at a missing one.
 */
export async function deleteStaffItem(db: Db, actor: StaffActor, itemId: string): Promise<StaffItem> {
  assertCan(actor, 'content:write');
  const { item, files } = await db.transaction(async (tx) => {
    const before = await lockOwn(tx, actor, itemId);
    const files = await tx
      .delete(media)
      .where(and(eq(media.siteId, actor.siteId), eq(media.itemId, itemId)))
      .returning();
    await tx
      .delete(contentItems)
      .where(and(eq(contentItems.siteId, actor.siteId), eq(contentItems.id, itemId)));
    await recordAudit(tx, actor, {
      action: 'content.delete',
      targetType: 'content_item',
      targetId: itemId,
      before: { ...snapshot(before), files: files.length },
      after: null,
    });
    return { item: before, files };
  });
  await Promise.all(files.map((file) => deleteStoredFiles(file)));
  return item;
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
  if (!UUID.test(itemId)) throw new AppError('NOT_FOUND');
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

/** What an API answers about an item after a change. */
export function itemState(item: StaffItem, now: Date = new Date()) {
  return {
    id: item.id,
    section: item.section,
    state: item.state,
    status: itemStatus(item, now),
    publishedAt: item.publishedAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

import 'server-only';
import { and, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { contentItems, media } from '@/server/db/schema';
import type { Site } from '@/features/site';
import { findSection } from '@/features/site';
import { createItem, updateItem, type ItemUpdate } from '@/features/content/server/write';
import { deleteStoredFiles } from '@/features/media/server';
import { assertCan } from '@/features/staff/server';
import type { StaffActor } from '@/features/staff';
import { recordAudit } from '@/features/staff/server';
import type { ItemFormValues, NewItemValues } from '@/features/content/staff/schemas';
import { updateFromForm } from '@/features/content/staff/server/form-update';
import {
  assertSite,
  findOwn,
  lockOwn,
  snapshot,
  type StaffItem,
} from '@/features/content/staff/server/staff-item';

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

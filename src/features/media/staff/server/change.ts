import 'server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { media } from '@/server/db/schema';
import { getStorage, type ObjectStorage } from '@/server/storage';
import type { SectionId } from '@/features/site';
import { deleteStoredFiles } from '@/features/media/server/remove';
import type { MediaRow } from '@/features/media/server/variants';
import { assertCan } from '@/features/staff/server';
import type { StaffActor } from '@/features/staff';
import { recordAudit } from '@/features/staff/server';
import {
  auditOf,
  findFile,
  findItem,
  itemRows,
  toFile,
  type StaffMediaFile,
} from '@/features/media/staff/server/file-rows';

export const CAPTION_MAX = 500;

export interface FileChange {
  caption?: string;
  /** true makes this image the item's cover; the old cover takes this image's place (nothing is lost). */
  cover?: true;
}

export async function updateItemFile(
  db: Db,
  actor: StaffActor,
  itemId: string,
  mediaId: string,
  change: FileChange,
): Promise<{ files: StaffMediaFile[]; section: SectionId }> {
  assertCan(actor, 'content:write');
  const item = await findItem(db, actor, itemId);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const row = await findFile(tx, actor, itemId, mediaId);
    const before = auditOf(row);
    if (change.caption !== undefined) {
      await tx.update(media).set({ caption: change.caption }).where(eq(media.id, row.id));
    }
    let oldCover: MediaRow | undefined;
    if (change.cover && row.role !== 'cover') {
      if (row.kind !== 'image') throw new AppError('VALIDATION', 'カバーにできるのは画像だけです。');
      oldCover = (await itemRows(tx, actor, itemId)).find((file) => file.role === 'cover');
      if (oldCover) {
        await tx
          .update(media)
          .set({ role: row.role, position: row.position })
          .where(eq(media.id, oldCover.id));
      }
      await tx.update(media).set({ role: 'cover', position: 0 }).where(eq(media.id, row.id));
    }
    const [after] = await tx.select().from(media).where(eq(media.id, row.id));
    await recordAudit(tx, actor, {
      action: 'media.update',
      targetType: 'media',
      targetId: row.id,
      before: { ...before, itemId },
      after: { ...auditOf(after!), itemId, ...(oldCover ? { previousCover: oldCover.id } : {}) },
    });
  });
  return { files: (await itemRows(db, actor, itemId)).map(toFile), section: item.section };
}

export async function deleteItemFile(
  db: Db,
  actor: StaffActor,
  itemId: string,
  mediaId: string,
  storage: ObjectStorage = getStorage(),
): Promise<{ section: SectionId }> {
  assertCan(actor, 'content:write');
  const item = await findItem(db, actor, itemId);
  const row = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const found = await findFile(tx, actor, itemId, mediaId);
    await tx.delete(media).where(eq(media.id, found.id));
    await recordAudit(tx, actor, {
      action: 'media.delete',
      targetType: 'media',
      targetId: found.id,
      before: { ...auditOf(found), itemId },
      after: null,
    });
    return found;
  });
  await deleteStoredFiles(row, storage);
  return { section: item.section };
}

/** Puts the item's gallery in this order; the ids must be exactly its gallery photos, each once. */
export async function reorderGallery(
  db: Db,
  actor: StaffActor,
  itemId: string,
  ids: string[],
): Promise<{ files: StaffMediaFile[]; section: SectionId }> {
  assertCan(actor, 'content:write');
  const item = await findItem(db, actor, itemId);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const gallery = (await itemRows(tx, actor, itemId)).filter((row) => row.role === 'gallery');
    const current = gallery.map((row) => row.id);
    const same =
      ids.length === current.length &&
      new Set(ids).size === ids.length &&
      ids.every((id) => current.includes(id));
    if (!same) {
      throw new AppError(
        'VALIDATION',
        'ギャラリーの写真が変わっています。ページを再読み込みしてから並べ替えてください。',
      );
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(media).set({ position }).where(eq(media.id, id));
    }
    await recordAudit(tx, actor, {
      action: 'media.reorder',
      targetType: 'content_item',
      targetId: itemId,
      before: { order: current },
      after: { order: ids },
    });
  });
  return { files: (await itemRows(db, actor, itemId)).map(toFile), section: item.section };
}

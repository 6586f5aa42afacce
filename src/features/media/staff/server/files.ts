import 'server-only';
import type { Db } from '@/server/db/client';
import type { SectionId } from '@/features/site';
import { assertCan } from '@/features/staff/server';
import type { StaffActor } from '@/features/staff';
import { findItem, itemRows, toFile, type StaffMediaFile } from '@/features/media/staff/server/file-rows';

/*
 * The staff console's files of a content item: reading here, uploading in upload.ts, caption/cover/delete/reorder
 * in change.ts. Everything stays importable from this module.
 */
export type { StaffMediaFile } from '@/features/media/staff/server/file-rows';
export { maxBytesFor, uploadItemFile, type FileUpload } from '@/features/media/staff/server/upload';
export {
  CAPTION_MAX,
  deleteItemFile,
  reorderGallery,
  updateItemFile,
  type FileChange,
} from '@/features/media/staff/server/change';

/** The section of an item of the actor's site (for the paths to revalidate after a change). */
export async function itemSection(db: Db, actor: StaffActor, itemId: string): Promise<SectionId> {
  assertCan(actor, 'content:write');
  return (await findItem(db, actor, itemId)).section;
}

export async function listItemFiles(db: Db, actor: StaffActor, itemId: string): Promise<StaffMediaFile[]> {
  assertCan(actor, 'content:write');
  await findItem(db, actor, itemId);
  return (await itemRows(db, actor, itemId)).map(toFile);
}

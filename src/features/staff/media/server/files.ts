import 'server-only';
import { and, asc, eq, max } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { contentItems, media } from '@/server/db/schema';
import { getStorage, type ObjectStorage } from '@/server/storage';
import type { SectionId } from '@/features/site/sections';
import { MediaRejectedError } from '@/features/media/server/errors';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, storeImage, storeVideo } from '@/features/media/server/process';
import { deleteStoredFiles } from '@/features/media/server/remove';
import { imageView, mediaUrl } from '@/features/media/server/urls';
import { isUuid, type MediaRow } from '@/features/media/server/variants';
import { assertCan, type StaffActor } from '@/features/staff/server/actor';
import { recordAudit } from '@/features/staff/server/audit';
import { rolesOf, tooLargeMessage, type UploadRole } from '@/features/staff/media/roles';

/** One file of an item as the console shows it; previewUrl is signed (a draft's files are never public). */
export interface StaffMediaFile {
  id: string;
  kind: 'image' | 'video';
  role: 'cover' | 'gallery' | 'inline' | 'video';
  position: number;
  caption: string | null;
  fileName: string;
  width: number | null;
  height: number | null;
  previewUrl: string;
}

export const CAPTION_MAX = 500;

function toFile(row: MediaRow): StaffMediaFile {
  const site = { id: row.siteId };
  return {
    id: row.id,
    kind: row.kind,
    role: row.role,
    position: row.position,
    caption: row.caption || null,
    fileName: row.fileName,
    width: row.width,
    height: row.height,
    previewUrl:
      row.kind === 'image' ? imageView(site, row, 'signed').src : mediaUrl(site, row, 'original', 'signed'),
  };
}

/** What the audit log keeps of a file: never its URLs. */
function auditOf(row: MediaRow) {
  return {
    fileName: row.fileName,
    kind: row.kind,
    role: row.role,
    position: row.position,
    caption: row.caption,
    byteSize: row.byteSize,
  };
}

/** The item of the actor's site, or NOT_FOUND (another site's item is nobody's). */
async function findItem(
  db: Db,
  actor: StaffActor,
  itemId: string,
): Promise<{ id: string; section: SectionId }> {
  if (!isUuid(itemId)) throw new AppError('NOT_FOUND', '記事が見つかりません。');
  const [item] = await db
    .select({ id: contentItems.id, section: contentItems.section })
    .from(contentItems)
    .where(and(eq(contentItems.id, itemId), eq(contentItems.siteId, actor.siteId)))
    .limit(1);
  if (!item) throw new AppError('NOT_FOUND', '記事が見つかりません。');
  return item;
}

async function findFile(db: Db, actor: StaffActor, itemId: string, mediaId: string): Promise<MediaRow> {
  if (!isUuid(mediaId)) throw new AppError('NOT_FOUND', 'ファイルが見つかりません。');
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.itemId, itemId), eq(media.siteId, actor.siteId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'ファイルが見つかりません。');
  return row;
}

async function itemRows(db: Db, actor: StaffActor, itemId: string): Promise<MediaRow[]> {
  return db
    .select()
    .from(media)
    .where(and(eq(media.itemId, itemId), eq(media.siteId, actor.siteId)))
    .orderBy(asc(media.role), asc(media.position), asc(media.createdAt), asc(media.id));
}

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

/** The largest file a role accepts (features/media/server/process.ts), checked before the body is read. */
export function maxBytesFor(role: UploadRole): number {
  return role === 'video' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES;
}

export interface FileUpload {
  role: UploadRole;
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

/**
 * Stores an uploaded file for the item, with its audit row, all or nothing. A gallery photo goes last; a new cover
 * or movie file replaces the old one (whose stored files are removed once the change commits). A file that is not
 * what it claims to be is refused (415) and nothing is stored.
 */
export async function uploadItemFile(
  db: Db,
  actor: StaffActor,
  itemId: string,
  upload: FileUpload,
  storage: ObjectStorage = getStorage(),
): Promise<{ file: StaffMediaFile; section: SectionId }> {
  assertCan(actor, 'content:write');
  const item = await findItem(db, actor, itemId);
  if (!rolesOf(item.section).includes(upload.role)) {
    throw new AppError('VALIDATION', 'この種類の記事には、このファイルを追加できません。');
  }
  if (upload.bytes.length > maxBytesFor(upload.role)) {
    throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(upload.role));
  }
  let stored: MediaRow | null = null;
  let replaced: MediaRow[] = [];
  try {
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const site = { id: actor.siteId };
      const replaces = upload.role === 'cover' || upload.role === 'video';
      replaced = replaces
        ? (await itemRows(tx, actor, itemId)).filter((row) => row.role === upload.role)
        : [];
      if (upload.role === 'video') {
        stored = await storeVideo(
          tx,
          site,
          { bytes: upload.bytes, fileName: upload.fileName, contentType: upload.contentType, itemId },
          storage,
        );
      } else {
        const [last] = await tx
          .select({ position: max(media.position) })
          .from(media)
          .where(and(eq(media.itemId, itemId), eq(media.siteId, actor.siteId), eq(media.role, upload.role)));
        const position = last?.position === null || last?.position === undefined ? 0 : last.position + 1;
        stored = await storeImage(
          tx,
          site,
          { bytes: upload.bytes, fileName: upload.fileName, itemId, role: upload.role, position },
          storage,
        );
      }
      for (const old of replaced) await tx.delete(media).where(eq(media.id, old.id));
      await recordAudit(tx, actor, {
        action: 'media.upload',
        targetType: 'content_item',
        targetId: itemId,
        before: replaced.length ? replaced.map(auditOf) : null,
        after: { id: stored.id, ...auditOf(stored) },
      });
    });
  } catch (error) {
    // The files of a row whose transaction failed are written already: remove them again.
    if (stored) await deleteStoredFiles(stored, storage);
    if (
      error instanceof MediaRejectedError &&
      (error.reason === 'not-image' || error.reason === 'not-video')
    ) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', error.message);
    }
    throw error;
  }
  for (const old of replaced) await deleteStoredFiles(old, storage);
  return { file: toFile(stored!), section: item.section };
}

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

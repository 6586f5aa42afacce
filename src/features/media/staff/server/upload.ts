import 'server-only';
import { and, eq, max } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { media } from '@/server/db/schema';
import { getStorage, type ObjectStorage } from '@/server/storage';
import type { SectionId } from '@/features/site';
import { MediaRejectedError } from '@/features/media/server/errors';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, storeImage, storeVideo } from '@/features/media/server/process';
import { deleteStoredFiles } from '@/features/media/server/remove';
import type { MediaRow } from '@/features/media/server/variants';
import { assertCan } from '@/features/staff/server';
import type { StaffActor } from '@/features/staff';
import { recordAudit } from '@/features/staff/server';
import { rolesOf, tooLargeMessage, type UploadRole } from '@/features/media/staff/roles';
import {
  auditOf,
  findItem,
  itemRows,
  toFile,
  type StaffMediaFile,
} from '@/features/media/staff/server/file-rows';

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

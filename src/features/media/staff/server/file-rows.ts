import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { contentItems, media } from '@/server/db/schema';
import type { SectionId } from '@/features/site';
import { imageView, mediaUrl } from '@/features/media/server/urls';
import { isUuid } from '@/lib/uuid';
import type { MediaRow } from '@/features/media/server/variants';
import type { StaffActor } from '@/features/staff';

// The queries and shapes shared by files.ts, upload.ts and change.ts. None of these checks a permission: every
// staff function calls assertCan itself first. Every query is scoped by actor.siteId.

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

export function toFile(row: MediaRow): StaffMediaFile {
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
export function auditOf(row: MediaRow) {
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
export async function findItem(
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

export async function findFile(
  db: Db,
  actor: StaffActor,
  itemId: string,
  mediaId: string,
): Promise<MediaRow> {
  if (!isUuid(mediaId)) throw new AppError('NOT_FOUND', 'ファイルが見つかりません。');
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.itemId, itemId), eq(media.siteId, actor.siteId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'ファイルが見つかりません。');
  return row;
}

export async function itemRows(db: Db, actor: StaffActor, itemId: string): Promise<MediaRow[]> {
  return db
    .select()
    .from(media)
    .where(and(eq(media.itemId, itemId), eq(media.siteId, actor.siteId)))
    .orderBy(asc(media.role), asc(media.position), asc(media.createdAt), asc(media.id));
}

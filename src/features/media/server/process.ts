import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { contentItems, media, type MediaVariant } from '@/server/db/content-schema';
import { getStorage, type ObjectStorage } from '@/server/storage';
import type { Site } from '@/features/site';
import { MediaRejectedError } from '@/features/media/server/errors';
import { encodeImage, type Encoded } from '@/features/media/server/encode-image';
import { isUuid } from '@/lib/uuid';
import { extensionFor, type MediaRow } from '@/features/media/server/variants';

export { MAX_IMAGE_PIXELS } from '@/features/media/server/encode-image';

export const MAX_IMAGE_BYTES = 30 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 512 * 1024 * 1024;

export interface ImageUpload {
  bytes: Buffer;
  fileName: string;
  itemId: string | null;
  role: 'cover' | 'gallery' | 'inline';
  position?: number;
  caption?: string;
}

export interface VideoUpload {
  bytes: Buffer;
  fileName: string;
  contentType: string;
  itemId: string | null;
  width?: number;
  height?: number;
}

/** The uploader's name without any path, control characters or excess length; it is only ever displayed. */
function cleanFileName(name: string, fallback: string): string {
  const cleaned = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(-200) || fallback;
}

async function assertItemOfSite(db: Db, siteId: string, itemId: string | null): Promise<void> {
  if (itemId === null) return;
  if (!isUuid(itemId)) throw new MediaRejectedError('unknown-item');
  const [item] = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.id, itemId), eq(contentItems.siteId, siteId)))
    .limit(1);
  if (!item) throw new MediaRejectedError('unknown-item');
}

/** Writes every file, then the row; anything written is removed again when a later step fails. */
async function save(
  db: Db,
  storage: ObjectStorage,
  row: Omit<typeof media.$inferInsert, 'variants' | 'contentType' | 'byteSize'>,
  files: Encoded[],
): Promise<MediaRow> {
  const variants: MediaVariant[] = [];
  try {
    for (const file of files) {
      const key = `sites/${row.siteId}/${row.id}/${file.name}.${extensionFor(file.contentType)}`;
      await storage.put(key, file.data, file.contentType);
      const size = { width: file.width || undefined, height: file.height || undefined };
      variants.push({
        name: file.name,
        key,
        contentType: file.contentType,
        byteSize: file.data.length,
        ...size,
      });
    }
    const original = variants[0]!;
    const [inserted] = await db
      .insert(media)
      .values({ ...row, contentType: original.contentType, byteSize: original.byteSize, variants })
      .returning();
    return inserted!;
  } catch (error) {
    await Promise.allSettled(variants.map((variant) => storage.delete(variant.key)));
    throw error;
  }
}

export async function storeImage(
  db: Db,
  site: Pick<Site, 'id'>,
  upload: ImageUpload,
  storage: ObjectStorage = getStorage(),
  // The demo's seed passes encodeImage behind a cache of its own pictures' files (scripts/lib/seed-content.ts).
  encode: (bytes: Buffer) => Promise<Encoded[]> = encodeImage,
): Promise<MediaRow> {
  if (upload.bytes.length > MAX_IMAGE_BYTES) throw new MediaRejectedError('too-large');
  await assertItemOfSite(db, site.id, upload.itemId);
  const files = await encode(upload.bytes).catch((error: unknown) => {
    // sharp's own errors (not an image, truncated, too many pixels) are the upload's fault, not the server's.
    throw error instanceof MediaRejectedError ? error : new MediaRejectedError('not-image');
  });
  const original = files[0]!;
  return save(
    db,
    storage,
    {
      id: randomUUID(),
      siteId: site.id,
      itemId: upload.itemId,
      kind: 'image',
      role: upload.role,
      position: upload.position ?? 0,
      caption: upload.caption ?? '',
      fileName: cleanFileName(upload.fileName, 'image.jpg'),
      width: original.width,
      height: original.height,
    },
    files,
  );
}

/** The container from the file's first bytes; the declared type must agree. */
function sniffVideo(bytes: Buffer): 'video/webm' | 'video/mp4' | null {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'video/webm';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  return null;
}

export async function storeVideo(
  db: Db,
  site: Pick<Site, 'id'>,
  upload: VideoUpload,
  storage: ObjectStorage = getStorage(),
): Promise<MediaRow> {
  if (upload.bytes.length > MAX_VIDEO_BYTES) throw new MediaRejectedError('too-large');
  const contentType = sniffVideo(upload.bytes);
  if (!contentType || upload.contentType.split(';')[0]?.trim().toLowerCase() !== contentType) {
    throw new MediaRejectedError('not-video');
  }
  await assertItemOfSite(db, site.id, upload.itemId);
  const dimensions = { width: upload.width ?? 0, height: upload.height ?? 0 };
  return save(
    db,
    storage,
    {
      id: randomUUID(),
      siteId: site.id,
      itemId: upload.itemId,
      kind: 'video',
      role: 'video',
      fileName: cleanFileName(upload.fileName, `video.${extensionFor(contentType)}`),
      width: upload.width ?? null,
      height: upload.height ?? null,
    },
    [{ name: 'original', data: upload.bytes, contentType, ...dimensions }],
  );
}

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { auditLog, contentItems, media } from '@/server/db/schema';
import { LocalStorage } from '@/server/storage/local';
import { upsertSite, type Site } from '@/features/site/server';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '@/features/media/server/process';
import type { StaffActor } from '@/features/staff';
import type { StaffRole } from '@/features/staff';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@/features/media/staff/roles';
import {
  deleteItemFile,
  listItemFiles,
  reorderGallery,
  updateItemFile,
  uploadItemFile,
} from '@/features/media/staff/server/files';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let root: string;
let storage: LocalStorage;
let mio: Site;
let second: Site;
let photoId: string;
let blogId: string;
let movieId: string;

const actorOf = (site: Site, role: StaffRole): StaffActor => ({
  siteId: site.id,
  uid: `${role}-${site.slug}`,
  email: `${role}@${site.slug}.example.com`,
  displayName: role,
  role,
});

const jpeg = (color: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: color, g: 80, b: 120 } } })
    .jpeg()
    .toBuffer();

async function storedFiles(): Promise<string[]> {
  const found = await readdir(root, { recursive: true, withFileTypes: true });
  return found.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function auditCount(action: string): Promise<number> {
  const rows = await handle.db.select().from(auditLog).where(eq(auditLog.action, action));
  return rows.length;
}

beforeAll(async () => {
  handle = await createTestDb();
  root = await mkdtemp(path.join(tmpdir(), 'fc-staff-media-'));
  storage = new LocalStorage(root);
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  const items = await handle.db
    .insert(contentItems)
    .values([
      { siteId: mio.id, section: 'photo', title: '写真' },
      { siteId: mio.id, section: 'blog', title: 'ブログ' },
      { siteId: mio.id, section: 'movie', title: '動画' },
    ])
    .returning();
  photoId = items[0]!.id;
  blogId = items[1]!.id;
  movieId = items[2]!.id;
});
afterAll(async () => {
  await handle?.drop();
  if (root) await rm(root, { recursive: true, force: true });
});

const upload = async (role: 'cover' | 'gallery' | 'inline', name: string, color = 100, itemId = photoId) =>
  uploadItemFile(
    handle.db,
    actorOf(mio, 'editor'),
    itemId,
    { role, bytes: await jpeg(color), fileName: name, contentType: 'image/jpeg' },
    storage,
  );

describe('staff media files', () => {
  it('the browser limits are the server limits', () => {
    expect(IMAGE_MAX_BYTES).toBe(MAX_IMAGE_BYTES);
    expect(VIDEO_MAX_BYTES).toBe(MAX_VIDEO_BYTES);
  });

  it('uploads gallery photos in order, each with its audit row, and lists them with signed URLs', async () => {
    const before = await auditCount('media.upload');
    await upload('gallery', 'a.jpg', 10);
    await upload('gallery', 'b.jpg', 20);
    const { file } = await upload('gallery', 'c.jpg', 30);
    expect(file).toMatchObject({
      kind: 'image',
      role: 'gallery',
      position: 2,
      fileName: 'c.jpg',
      caption: null,
    });
    expect(file.previewUrl).toMatch(/^\/media\/s\//);
    expect(await auditCount('media.upload')).toBe(before + 3);
    const files = await listItemFiles(handle.db, actorOf(mio, 'editor'), photoId);
    expect(files.map((f) => f.fileName)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
  });

  it('refuses a text file named .jpg (415, Japanese) and stores nothing', async () => {
    const filesBefore = await storedFiles();
    const rowsBefore = await handle.db.select().from(media);
    const auditBefore = await auditCount('media.upload');
    await expect(
      uploadItemFile(
        handle.db,
        actorOf(mio, 'editor'),
        photoId,
        {
          role: 'gallery',
          bytes: Buffer.from('これは画像ではありません'),
          fileName: 'x.jpg',
          contentType: 'image/jpeg',
        },
        storage,
      ),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
      message: expect.stringMatching(/画像/),
    });
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await handle.db.select().from(media)).toHaveLength(rowsBefore.length);
    expect(await auditCount('media.upload')).toBe(auditBefore);
  });

  it('refuses a role the section does not take, and a file over the limit', async () => {
    await expect(upload('inline', 'i.jpg')).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(
      uploadItemFile(
        handle.db,
        actorOf(mio, 'editor'),
        blogId,
        {
          role: 'inline',
          bytes: Buffer.alloc(MAX_IMAGE_BYTES + 1),
          fileName: 'big.jpg',
          contentType: 'image/jpeg',
        },
        storage,
      ),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
  });

  it('refuses a support actor and another site’s owner, and changes nothing', async () => {
    const bytes = await jpeg(50);
    const input = { role: 'gallery' as const, bytes, fileName: 's.jpg', contentType: 'image/jpeg' };
    const files = await listItemFiles(handle.db, actorOf(mio, 'editor'), photoId);
    const ids = files.filter((f) => f.role === 'gallery').map((f) => f.id);
    for (const [actor, code] of [
      [actorOf(mio, 'support'), 'FORBIDDEN'],
      [actorOf(second, 'owner'), 'NOT_FOUND'],
    ] as const) {
      await expect(listItemFiles(handle.db, actor, photoId)).rejects.toMatchObject({ code });
      await expect(uploadItemFile(handle.db, actor, photoId, input, storage)).rejects.toMatchObject({ code });
      await expect(
        updateItemFile(handle.db, actor, photoId, ids[0]!, { caption: 'x' }),
      ).rejects.toMatchObject({
        code,
      });
      await expect(deleteItemFile(handle.db, actor, photoId, ids[0]!, storage)).rejects.toMatchObject({
        code,
      });
      await expect(reorderGallery(handle.db, actor, photoId, [...ids].reverse())).rejects.toMatchObject({
        code,
      });
    }
    expect(await listItemFiles(handle.db, actorOf(mio, 'editor'), photoId)).toEqual(files);
  });

  it('reorders the gallery only with exactly its photos, with an audit row', async () => {
    const actor = actorOf(mio, 'editor');
    const ids = (await listItemFiles(handle.db, actor, photoId))
      .filter((f) => f.role === 'gallery')
      .map((f) => f.id);
    const auditBefore = await auditCount('media.reorder');
    for (const wrong of [
      ids.slice(1),
      [...ids, ids[0]!],
      [ids[0]!, ids[0]!, ids[1]!],
      [...ids.slice(1), blogId],
    ]) {
      await expect(reorderGallery(handle.db, actor, photoId, wrong)).rejects.toMatchObject({
        code: 'VALIDATION',
        status: 422,
      });
    }
    expect(await auditCount('media.reorder')).toBe(auditBefore);
    const reversed = [...ids].reverse();
    const { files } = await reorderGallery(handle.db, actor, photoId, reversed);
    expect(files.filter((f) => f.role === 'gallery').map((f) => f.id)).toEqual(reversed);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'media.reorder'), eq(auditLog.targetId, photoId)));
    expect(audit).toMatchObject({ actorRole: 'editor', before: { order: ids }, after: { order: reversed } });
  });

  it('edits a caption and makes a photo the cover, swapping with the old cover; each with its audit row', async () => {
    const actor = actorOf(mio, 'editor');
    const { file: cover } = await upload('cover', 'cover.jpg');
    const photo = (await listItemFiles(handle.db, actor, photoId)).find((f) => f.role === 'gallery')!;
    const before = await auditCount('media.update');
    await updateItemFile(handle.db, actor, photoId, photo.id, { caption: 'ライブの一枚' });
    const { files } = await updateItemFile(handle.db, actor, photoId, photo.id, { cover: true });
    expect(files.find((f) => f.id === photo.id)).toMatchObject({ role: 'cover', caption: 'ライブの一枚' });
    expect(files.find((f) => f.id === cover.id)).toMatchObject({ role: 'gallery', position: photo.position });
    expect(files.filter((f) => f.role === 'cover')).toHaveLength(1);
    expect(await auditCount('media.update')).toBe(before + 2);
  });

  it('a new cover replaces the old one and removes its files', async () => {
    const actor = actorOf(mio, 'editor');
    const { file: first } = await upload('cover', 'c1.jpg', 1, blogId);
    const { file: next } = await upload('cover', 'c2.jpg', 2, blogId);
    const files = await listItemFiles(handle.db, actor, blogId);
    expect(files.filter((f) => f.role === 'cover').map((f) => f.id)).toEqual([next.id]);
    expect(await handle.db.select().from(media).where(eq(media.id, first.id))).toHaveLength(0);
    expect((await storedFiles()).length).toBeGreaterThan(0);
  });

  it('deletes a file with its stored renditions and an audit row', async () => {
    const actor = actorOf(mio, 'editor');
    const { file } = await upload('inline', 'inline.jpg', 5, blogId);
    const [row] = await handle.db.select().from(media).where(eq(media.id, file.id));
    const keys = row!.variants.map((v) => v.key);
    for (const key of keys) expect(await storage.head(key)).not.toBeNull();
    const before = await auditCount('media.delete');
    await deleteItemFile(handle.db, actor, blogId, file.id, storage);
    expect(await handle.db.select().from(media).where(eq(media.id, file.id))).toHaveLength(0);
    for (const key of keys) expect(await storage.head(key)).toBeNull();
    expect(await auditCount('media.delete')).toBe(before + 1);
    await expect(deleteItemFile(handle.db, actor, blogId, file.id, storage)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const remaining = await handle.db
      .select({ id: media.id })
      .from(media)
      .where(eq(media.itemId, blogId))
      .orderBy(asc(media.position));
    expect(remaining.map((r) => r.id)).not.toContain(file.id);
  });

  it('a movie takes one video file: a new one replaces the old; a video with the wrong type is refused', async () => {
    const actor = actorOf(mio, 'editor');
    // The first bytes of a WebM file (EBML), which is all the store checks of a video.
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2048, 7)]);
    const video = (name: string, contentType = 'video/webm') =>
      uploadItemFile(
        handle.db,
        actor,
        movieId,
        { role: 'video', bytes: webm, fileName: name, contentType },
        storage,
      );
    const { file: first } = await video('first.webm');
    expect(first).toMatchObject({ kind: 'video', role: 'video', fileName: 'first.webm' });
    expect(first.previewUrl).toMatch(/^\/media\/s\//);
    const [firstRow] = await handle.db.select().from(media).where(eq(media.id, first.id));
    const { file: second } = await video('second.webm');
    for (const variant of firstRow!.variants) expect(await storage.head(variant.key)).toBeNull();
    const files = await listItemFiles(handle.db, actor, movieId);
    expect(files.filter((f) => f.role === 'video').map((f) => f.id)).toEqual([second.id]);
    await expect(video('third.mp4', 'video/mp4')).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    await expect(
      uploadItemFile(
        handle.db,
        actor,
        movieId,
        { role: 'gallery', bytes: await jpeg(3), fileName: 'g.jpg', contentType: 'image/jpeg' },
        storage,
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(first.id).not.toBe(second.id);
  });
});

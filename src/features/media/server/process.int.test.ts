import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { contentItems } from '@/server/db/content-schema';
import { LocalStorage } from '@/server/storage/local';
import type { ObjectStorage } from '@/server/storage/types';
import { upsertSite, type Site } from '@/features/site/server';
import { MediaRejectedError } from '@/features/media/server/errors';
import { MAX_IMAGE_BYTES, storeImage, storeVideo } from '@/features/media/server/process';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let root: string;
let storage: ObjectStorage;
let mio: Site;
let second: Site;
let itemId: string;

beforeAll(async () => {
  handle = await createTestDb();
  root = await mkdtemp(path.join(tmpdir(), 'fc-media-'));
  storage = new LocalStorage(root);
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  const [item] = await handle.db
    .insert(contentItems)
    .values({ siteId: mio.id, section: 'photo', title: '写真', state: 'published' })
    .returning();
  itemId = item!.id;
});
afterAll(async () => {
  await handle?.drop();
  if (root) await rm(root, { recursive: true, force: true });
});

const picture = (width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: { r: 200, g: 80, b: 120, alpha: alpha ? 0.5 : 1 },
    },
  });

const bytesOf = async (key: string) =>
  Buffer.from(await new Response((await storage.get(key))!.body).arrayBuffer());

describe('storeImage', () => {
  it('auto-orients, strips metadata and writes WebP renditions no wider than the original', async () => {
    // 1000x700 stored sideways (EXIF orientation 6): the picture is 700x1000.
    const bytes = await picture(1000, 700)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'uploader secret' } })
      .toBuffer();
    expect(await sharp(bytes).metadata()).toMatchObject({ orientation: 6, width: 1000 });
    const row = await storeImage(
      handle.db,
      mio,
      {
        bytes,
        fileName: 'C:\\Users\\fan\\ライブ写真.jpg',
        itemId,
        role: 'gallery',
        position: 2,
        caption: '夏の日',
      },
      storage,
    );
    expect(row).toMatchObject({ siteId: mio.id, itemId, kind: 'image', role: 'gallery', position: 2 });
    expect(row).toMatchObject({ caption: '夏の日', fileName: 'ライブ写真.jpg', width: 700, height: 1000 });
    expect(row.variants.map((v) => v.name)).toEqual(['original', 'w320', 'w640']);
    for (const variant of row.variants) {
      expect(variant.key).toBe(
        `sites/${mio.id}/${row.id}/${variant.name}.${variant.name === 'original' ? 'jpg' : 'webp'}`,
      );
      const stored = await bytesOf(variant.key);
      expect(stored.length).toBe(variant.byteSize);
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ width: variant.width, height: variant.height });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    expect(row.variants[2]).toMatchObject({ contentType: 'image/webp', width: 640, height: 914 });
    expect(row).toMatchObject({ contentType: 'image/jpeg', byteSize: row.variants[0]!.byteSize });
  });

  it('keeps transparency as PNG and gives a small picture one rendition at its own width', async () => {
    const bytes = await picture(200, 120, true).png().toBuffer();
    const row = await storeImage(
      handle.db,
      mio,
      { bytes, fileName: 'logo.png', itemId: null, role: 'inline' },
      storage,
    );
    expect(row.variants.map((v) => [v.name, v.contentType, v.width])).toEqual([
      ['original', 'image/png', 200],
      ['w200', 'image/webp', 200],
    ]);
    expect(row.variants[0]!.key.endsWith('/original.png')).toBe(true);
  });

  it('refuses what is not a picture, too large, or for an item of another site, writing nothing', async () => {
    const store = (bytes: Buffer, id: string | null = null) =>
      storeImage(handle.db, mio, { bytes, fileName: 'x.jpg', itemId: id, role: 'cover' }, storage);
    const reason = (promise: Promise<unknown>) =>
      promise.then(
        () => 'stored',
        (error: unknown) => (error instanceof MediaRejectedError ? error.reason : String(error)),
      );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const jpeg = await picture(40, 40).jpeg().toBuffer();
    expect(await reason(store(Buffer.from('<html>not an image</html>')))).toBe('not-image');
    expect(await reason(store(svg))).toBe('not-image');
    expect(await reason(store(jpeg.subarray(0, 100)))).toBe('not-image');
    expect(await reason(store(Buffer.alloc(MAX_IMAGE_BYTES + 1)))).toBe('too-large');
    expect(await reason(store(jpeg, 'not-a-uuid'))).toBe('unknown-item');
    const [other] = await handle.db
      .insert(contentItems)
      .values({ siteId: second.id, section: 'news', title: 'other', state: 'published' })
      .returning();
    expect(await reason(store(jpeg, other!.id))).toBe('unknown-item');
    const error = (await store(Buffer.from('nope')).catch((e: unknown) => e)) as MediaRejectedError;
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    expect(error.message).toMatch(/画像を読み込めませんでした/);
  });
});

describe('storeVideo', () => {
  const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(1000, 7)]);

  it('stores the file as the one original variant', async () => {
    const row = await storeVideo(
      handle.db,
      mio,
      { bytes: webm, fileName: 'tour.webm', contentType: 'video/webm', itemId, width: 640, height: 360 },
      storage,
    );
    expect(row).toMatchObject({ kind: 'video', role: 'video', width: 640, height: 360, byteSize: 1004 });
    expect(row.variants).toEqual([
      {
        name: 'original',
        key: `sites/${mio.id}/${row.id}/original.webm`,
        contentType: 'video/webm',
        byteSize: 1004,
        width: 640,
        height: 360,
      },
    ]);
    expect(await bytesOf(row.variants[0]!.key)).toEqual(webm);
  });

  it('refuses a file that is not the video it claims to be', async () => {
    const store = (bytes: Buffer, contentType: string) =>
      storeVideo(handle.db, mio, { bytes, fileName: 'a.mp4', contentType, itemId: null }, storage);
    await expect(store(webm, 'video/mp4')).rejects.toMatchObject({ reason: 'not-video' });
    await expect(store(Buffer.from('<script>alert(1)</script>'), 'video/webm')).rejects.toMatchObject({
      reason: 'not-video',
    });
  });
});

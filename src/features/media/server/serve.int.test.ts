import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { contentItems } from '@/server/db/content-schema';
import { env } from '@/server/env';
import { LocalStorage } from '@/server/storage/local';
import type { ObjectStorage } from '@/server/storage/types';
import { upsertSite, type Site } from '@/features/site/server';
import { storeImage } from '@/features/media/server/process';
import {
  EXPIRED_MESSAGE,
  FORBIDDEN_MESSAGE,
  servePublicMedia,
  serveSignedMedia,
  type MediaServeContext,
} from '@/features/media/server/serve';
import { createMediaToken } from '@/features/media/server/signing';
import { imageView, mediaUrl } from '@/features/media/server/urls';
import type { MediaRow } from '@/features/media/server/variants';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let root: string;
let storage: ObjectStorage;
let mio: Site;
let second: Site;
const m: Record<'news' | 'premium' | 'draft' | 'scheduled' | 'open' | 'orphan' | 'other', MediaRow> =
  {} as never;
let original: Buffer;

const now = new Date('2026-11-22T12:01:00Z');
const day = 86_400_000;

beforeAll(async () => {
  handle = await createTestDb();
  root = await mkdtemp(path.join(tmpdir(), 'fc-serve-'));
  storage = new LocalStorage(root);
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  const item = async (site: Site, values: Partial<typeof contentItems.$inferInsert>) => {
    const [row] = await handle.db
      .insert(contentItems)
      .values({
        siteId: site.id,
        section: 'news',
        title: 't',
        state: 'published',
        publishedAt: new Date(+now - day),
        ...values,
      })
      .returning();
    return row!.id;
  };
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  const image = async (site: Site, itemId: string | null) =>
    storeImage(handle.db, site, { bytes, fileName: '夏のライブ 2026.jpg', itemId, role: 'gallery' }, storage);
  m.news = await image(mio, await item(mio, {}));
  m.premium = await image(mio, await item(mio, { section: 'movie' }));
  m.draft = await image(mio, await item(mio, { state: 'draft' }));
  m.scheduled = await image(mio, await item(mio, { publishedAt: new Date(+now + day) }));
  m.open = await image(mio, await item(mio, { section: 'photo', openToAll: true }));
  m.orphan = await image(mio, null);
  m.other = await image(second, await item(second, {}));
  original = Buffer.from(
    await new Response((await storage.get(m.news.variants[0]!.key))!.body).arrayBuffer(),
  );
});
afterAll(async () => {
  await handle?.drop();
  if (root) await rm(root, { recursive: true, force: true });
});

const context = (site: Site, at = now): MediaServeContext => ({ db: handle.db, storage, site, now: at });
const request = (headers: Record<string, string> = {}, method = 'GET') =>
  new Request('http://localhost/media', { method, headers });
const body = async (response: Response) => Buffer.from(await response.arrayBuffer());
const tokenOf = (url: string) => url.replace(/^\/media\/s\//, '');
const signed = (row: MediaRow, variant = 'original', at = now) =>
  tokenOf(mediaUrl(mio, row, variant, 'signed', at));

describe('public media', () => {
  it("serves a published guest item's file to anyone, cacheable", async () => {
    const response = await servePublicMedia(request(), context(mio), m.news.id, 'w320');
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=300',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-length': String(m.news.variants[1]!.byteSize),
    });
    expect((await sharp(await body(response)).metadata()).width).toBe(320);
    expect((await servePublicMedia(request(), context(mio), m.open.id, 'original')).status).toBe(200);
  });

  it.each(['premium', 'draft', 'scheduled', 'orphan'] as const)('answers 404 for a %s file', async (name) => {
    const response = await servePublicMedia(request(), context(mio), m[name].id, 'original');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'お探しのページが見つかりませんでした。' },
    });
  });

  it("answers 404 for another site's file, a bad id or variant", async () => {
    for (const [id, variant] of [
      [m.other.id, 'original'],
      ['not-a-uuid', 'original'],
      [m.news.id, 'w1280'],
      [m.news.id, '..%2Foriginal'],
    ]) {
      expect((await servePublicMedia(request(), context(mio), id!, variant!)).status).toBe(404);
    }
    expect((await servePublicMedia(request(), context(second), m.other.id, 'original')).status).toBe(200);
  });

  it('serves a scheduled file once its time has come', async () => {
    const later = context(mio, new Date(+now + 2 * day));
    expect((await servePublicMedia(request(), later, m.scheduled.id, 'w640')).status).toBe(200);
  });
});

describe('signed media', () => {
  it('serves any file of the site to the holder of a fresh URL, privately', async () => {
    const response = await serveSignedMedia(request(), context(mio), signed(m.premium));
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'private, max-age=540',
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent('夏のライブ 2026.jpg')}`,
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    const webp = await serveSignedMedia(request(), context(mio), signed(m.draft, 'w640'));
    expect(webp.headers.get('content-disposition')).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('夏のライブ 2026.webp')}`,
    );
    expect(webp.headers.get('content-type')).toBe('image/webp');
  });

  it('reads ranges: a-b, a-, -n; refuses one past the end with 416; ignores several', async () => {
    const token = signed(m.news);
    const size = original.length;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-50', size - 50, size - 1],
      [`bytes=${size - 10}-${size + 1000}`, size - 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await serveSignedMedia(request({ range }), context(mio), token);
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(await body(response)).toEqual(original.subarray(start, end + 1));
    }
    for (const range of [`bytes=${size}-`, 'bytes=-0', 'bytes=9-3']) {
      const refused = await serveSignedMedia(request({ range }), context(mio), token);
      expect(refused.status).toBe(416);
      expect(refused.headers.get('content-range')).toBe(`bytes */${size}`);
      expect((await body(refused)).length).toBe(0);
    }
    const several = await serveSignedMedia(request({ range: 'bytes=0-1,5-6' }), context(mio), token);
    expect(several.status).toBe(200);
    expect(await body(several)).toEqual(original);
    const publicRange = await servePublicMedia(
      request({ range: 'bytes=2-5' }),
      context(mio),
      m.news.id,
      'original',
    );
    expect(await body(publicRange)).toEqual(original.subarray(2, 6));
  });

  it('answers HEAD with the headers only', async () => {
    const response = await serveSignedMedia(
      request({ range: 'bytes=10-19' }, 'HEAD'),
      context(mio),
      signed(m.news),
    );
    expect(response.status).toBe(206);
    expect(response.headers.get('content-length')).toBe('10');
    expect(response.body).toBeNull();
  });

  it('refuses an expired URL with its own message', async () => {
    const response = await serveSignedMedia(
      request(),
      context(mio, new Date(+now + 10 * 60_000)),
      signed(m.news),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: 'FORBIDDEN', message: EXPIRED_MESSAGE } });
  });

  it('refuses tampered, foreign-secret and other-site URLs, saying nothing of the file', async () => {
    const token = signed(m.news);
    const [payload, signature] = token.split('.') as [string, string];
    const swapped = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace(m.news.id, m.premium.id),
    ).toString('base64url');
    const refused = [
      `${swapped}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      'garbage',
      createMediaToken(
        { s: mio.id, m: m.news.id, v: 'original' },
        'some-other-secret-of-thirty-two-chars!',
        now,
      ),
      createMediaToken({ s: second.id, m: m.other.id, v: 'original' }, env.MEDIA_URL_SECRET, now),
    ];
    for (const bad of refused) {
      const response = await serveSignedMedia(request(), context(mio), bad);
      expect(response.status).toBe(403);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: { code: 'FORBIDDEN', message: FORBIDDEN_MESSAGE } });
    }
    // A mio URL used on the second site's host.
    expect((await serveSignedMedia(request(), context(second), token)).status).toBe(403);
    // Even a correctly signed token cannot reach another site's row: the lookup is by id and site.
    const crossed = createMediaToken({ s: mio.id, m: m.other.id, v: 'original' }, env.MEDIA_URL_SECRET, now);
    expect((await serveSignedMedia(request(), context(mio), crossed)).status).toBe(404);
  });

  it('answers a missing file with 404 and a failing store with 503, never 500', async () => {
    const orphanKey = m.orphan.variants[0]!.key;
    await storage.delete(orphanKey);
    expect((await serveSignedMedia(request(), context(mio), signed(m.orphan))).status).toBe(404);
    const failing: ObjectStorage = {
      put: (...args) => storage.put(...args),
      head: (key) => storage.head(key),
      delete: (key) => storage.delete(key),
      get: () => Promise.reject(new Error('disk on fire')),
    };
    const broken = { ...context(mio), storage: failing };
    const quiet = console.error;
    console.error = () => {};
    try {
      const response = await serveSignedMedia(request(), broken, signed(m.news));
      expect(response.status).toBe(503);
      expect(await response.text()).not.toMatch(/disk on fire/);
    } finally {
      console.error = quiet;
    }
  });
});

describe('views', () => {
  it('point at the 640 rendition, list every WebP width, and keep the picture size', () => {
    const view = imageView(mio, m.news, 'public', now);
    expect(view).toEqual({
      src: `/media/p/${m.news.id}/w640`,
      srcSet: `/media/p/${m.news.id}/w320 320w, /media/p/${m.news.id}/w640 640w`,
      width: 900,
      height: 600,
      alt: '',
    });
    const signedView = imageView(mio, m.premium, 'signed', now);
    expect(signedView.src).toMatch(/^\/media\/s\/[\w-]+\.[\w-]+$/);
    expect(() => imageView(second, m.news, 'signed', now)).toThrow();
  });
});

import { expect, test, type APIRequestContext, type Browser } from './support/test';
import type { SiteSlug } from './support/auth';
import { demoBrowser } from './support/sessions';
import { MIO_URL, SECOND_URL } from './support/sites';
import {
  craftMediaToken,
  decodeMediaToken,
  galleryImage,
  openItem,
  publishedItems,
  siteGet,
  siteTarget,
} from './support/content';

/**
 * Member files (docs/decisions/0009): signed URLs work for a few minutes on their own site only, cannot be altered
 * or forged, and a premium file is never served through the public route. Tokens are crafted with the e2e server's
 * secret (.data/e2e/media-url-secret) the way src/features/media/server/signing.ts makes them.
 */

const EXPIRED_MESSAGE = 'リンクの有効期限が切れました。ページを再読み込みしてください。';

interface SignedUrls {
  /** A premium gallery photo (w640) and the premium movie's file, as a premium member's pages give them. */
  image: string;
  video: string;
}

/** Signs in as the site's premium member in a browser of its own and reads signed URLs off premium pages. */
async function premiumUrls(browser: Browser, slug: SiteSlug): Promise<SignedUrls> {
  const origin = slug === 'mio' ? MIO_URL : SECOND_URL;
  const page = await demoBrowser(browser, slug, 'premium');
  try {
    let image: string;
    if (slug === 'mio') {
      await openItem(page, origin, 'photo', publishedItems(slug, 'photo')[0]!.title);
      image = (await galleryImage(page).getAttribute('src'))!;
    } else {
      await openItem(page, origin, 'blog', publishedItems(slug, 'blog')[0]!.title);
      image = (await page.locator('.item-body img').first().getAttribute('src'))!;
    }
    let video = '';
    if (slug === 'mio') {
      const movie = publishedItems(slug, 'movie').find((item) => item.video)!;
      await openItem(page, origin, 'movie', movie.title);
      video = (await page.locator('video[data-movie] source').getAttribute('src'))!;
    }
    expect(image).toMatch(/^\/media\/s\/[\w-]+\.[\w-]+$/);
    return { image, video };
  } finally {
    await page.context().close();
  }
}

/** The token with one character of the part (0: payload, 1: signature) changed, in its middle. */
function alter(path: string, part: 0 | 1): string {
  const token = path.slice('/media/s/'.length);
  const parts = token.split('.');
  const text = parts[part]!;
  const at = Math.floor(text.length / 2);
  parts[part] = text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
  return `/media/s/${parts.join('.')}`;
}

async function errorMessage(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<string> {
  const body = (await response.json()) as { error?: { message?: string } };
  return body.error?.message ?? '';
}

test.describe('signed and public media URLs', () => {
  test('a signed image works for whoever holds it, and only as signed', async ({ browser, request }) => {
    const { image } = await premiumUrls(browser, 'mio');

    // No session needed: the URL is the permission.
    const ok = await request.get(image);
    expect(ok.status()).toBe(200);
    expect(ok.headers()['content-type']).toBe('image/webp');
    const cacheControl = ok.headers()['cache-control']!;
    expect(cacheControl).toMatch(/^private, max-age=\d+$/);
    expect(Number(/max-age=(\d+)/.exec(cacheControl)![1])).toBeLessThanOrEqual(600);
    expect(ok.headers()['content-disposition']).toMatch(/^inline; filename\*=UTF-8''/);
    expect(ok.headers()['cross-origin-resource-policy']).toBe('same-origin');
    expect((await ok.body()).subarray(8, 12).toString('latin1')).toBe('WEBP');

    // A crafted token signed like the server's works too: the construction below is the server's.
    const payload = decodeMediaToken(image);
    expect(payload.v).toBe('w640');
    expect((await request.get(`/media/s/${craftMediaToken(payload)}`)).status()).toBe(200);

    const badSignature = await request.get(alter(image, 1));
    expect(badSignature.status()).toBe(403);
    expect(await errorMessage(badSignature)).toBe('このファイルを表示する権限がありません。');
    expect(badSignature.headers()['cache-control']).toBe('private, no-store');
    expect((await request.get(alter(image, 0))).status()).toBe(403);

    // Another variant of the same file under the same signature.
    const signaturePart = image.split('.').at(-1)!;
    const otherVariant = Buffer.from(JSON.stringify({ ...payload, v: 'w1280' })).toString('base64url');
    expect((await request.get(`/media/s/${otherVariant}.${signaturePart}`)).status()).toBe(403);
    // A later expiry under the same signature.
    const later = Buffer.from(JSON.stringify({ ...payload, e: payload.e + 86_400 })).toString('base64url');
    expect((await request.get(`/media/s/${later}.${signaturePart}`)).status()).toBe(403);

    // Correctly signed but expired: refused with the message to reload.
    const expiredToken = craftMediaToken({ ...payload, e: Math.floor(Date.now() / 1000) - 60 });
    const expired = await request.get(`/media/s/${expiredToken}`);
    expect(expired.status()).toBe(403);
    expect(await errorMessage(expired)).toBe(EXPIRED_MESSAGE);

    // The premium file is not served through the public route.
    const publicRoute = await request.get(`/media/p/${payload.m}/w640`);
    expect(publicRoute.status()).toBe(404);
    expect(publicRoute.headers()['content-type']).toContain('application/json');
  });

  test('a URL works on its own site only', async ({ browser, request }) => {
    const mio = await premiumUrls(browser, 'mio');
    const second = await premiumUrls(browser, 'second');
    const mioPayload = decodeMediaToken(mio.image);
    const secondPayload = decodeMediaToken(second.image);
    expect(secondPayload.s).not.toBe(mioPayload.s);

    // second's own URL works on second (Node cannot resolve second.localhost: the Host header says it).
    const onSecond = await siteGet(request, siteTarget('second'), second.image);
    expect(onSecond.status()).toBe(200);
    // mio's signed URL on second's host: refused.
    const mioOnSecond = await siteGet(request, siteTarget('second'), mio.image);
    expect(mioOnSecond.status()).toBe(403);
    expect((await mioOnSecond.body()).length).toBeLessThan(500);
    // second's URL on mio: refused.
    expect((await request.get(second.image)).status()).toBe(403);
    // A valid token crafted for second's site naming one of mio's files, used on mio: refused.
    const forSecond = craftMediaToken({ ...mioPayload, s: secondPayload.s, e: mioPayload.e });
    expect((await request.get(`/media/s/${forSecond}`)).status()).toBe(403);
    // A valid token of second's site naming one of mio's files, asked on second: second has no such file.
    const mioFileOnSecond = await siteGet(
      request,
      siteTarget('second'),
      `/media/s/${craftMediaToken({ ...secondPayload, m: mioPayload.m })}`,
    );
    expect(mioFileOnSecond.status()).toBe(404);
  });

  test('a movie is served by ranges: 206 with the right Content-Range, 416 beyond the end', async ({
    browser,
    request,
  }) => {
    const { video } = await premiumUrls(browser, 'mio');
    const whole = await request.get(video);
    expect(whole.status()).toBe(200);
    expect(whole.headers()['content-type']).toBe('video/webm');
    expect(whole.headers()['accept-ranges']).toBe('bytes');
    const size = (await whole.body()).length;
    // Next.js sends the body chunked (it drops the route's Content-Length): the size is what arrived.
    expect(size).toBeGreaterThan(10_000);

    const head = await request.get(video, { headers: { Range: 'bytes=0-99' } });
    expect(head.status()).toBe(206);
    expect(head.headers()['content-range']).toBe(`bytes 0-99/${size}`);
    const firstBytes = await head.body();
    expect(firstBytes.length).toBe(100);
    // WebM starts with the EBML magic number.
    expect(firstBytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(firstBytes.equals((await whole.body()).subarray(0, 100))).toBe(true);

    const tail = await request.get(video, { headers: { Range: `bytes=${size - 50}-` } });
    expect(tail.status()).toBe(206);
    expect(tail.headers()['content-range']).toBe(`bytes ${size - 50}-${size - 1}/${size}`);
    expect((await tail.body()).length).toBe(50);

    const beyond = await request.get(video, { headers: { Range: 'bytes=999999999-' } });
    expect(beyond.status()).toBe(416);
    expect(beyond.headers()['content-range']).toBe(`bytes */${size}`);
  });
});

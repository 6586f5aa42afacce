import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { storedPage } from '@/server/next-cache/page-store.mjs';
import { SECURITY_HEADERS } from '@/server/http/security-headers';
import { AUDIENCE_ROUTE, type Audience } from '@/features/front/audience';

/** gzip off the main thread (libuv's pool). */
const gzipAsync = promisify(gzip);

/** An answer ready to send: a page from the store, or the front server's own (the 503 page). */
export interface Rendering {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A rendering Next.js keeps, with what sending it often needs: its gzip form and an ETag. */
export interface StoredPage extends Rendering {
  gzipped: Buffer;
  etag: string;
  /** Within its revalidation time: answered without Next.js. Past it, Next.js answers and renders it again. */
  fresh: boolean;
}

export function isStoredPage(page: Rendering): page is StoredPage {
  return 'etag' in page;
}

/**
 * What Next.js sends with such a page besides the security headers: the kind, and that a router request for the
 * same address (its own payload) is another answer, for a cache before us.
 */
const PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  vary: 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch',
  ...Object.fromEntries(SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value])),
};

/** The path Next.js renders a content address at for an audience (proxy.ts rewrites to it): its key in the store. */
export function audiencePath(host: string, audience: Audience, path: string): string {
  return `/${host}${AUDIENCE_ROUTE}/${audience}${path === '/' ? '' : path}`;
}

/** The gzip form and ETag of each stored body, made once (a body is replaced, never changed). */
const prepared = new WeakMap<object, Promise<{ body: Buffer; gzipped: Buffer; etag: string }>>();

function prepare(source: object, html: string | Buffer) {
  let ready = prepared.get(source);
  if (!ready) {
    const body = Buffer.isBuffer(html) ? html : Buffer.from(html);
    ready = gzipAsync(body).then((gzipped) => ({
      body,
      gzipped,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    }));
    prepared.set(source, ready);
  }
  return ready;
}

/**
 * The page Next.js keeps for this address and audience, however old (`fresh` tells), or null. Only a complete 200
 * is answered from the store; anything else (a 404, a page Next.js streams) is Next.js's to answer.
 */
export async function findStoredPage(
  host: string,
  audience: Audience,
  path: string,
  now = Date.now(),
): Promise<StoredPage | null> {
  const stored = storedPage(audiencePath(host, audience, path));
  if (!stored || stored.status !== 200) return null;
  const { body, gzipped, etag } = await prepare(stored.source, stored.body);
  return {
    status: 200,
    headers: PAGE_HEADERS,
    body,
    gzipped,
    etag,
    fresh: now - stored.lastModified < stored.revalidateMs,
  };
}

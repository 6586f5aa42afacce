import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { storedPage } from '@/server/next-cache/page-store.mjs';
import { PAGE_VARY } from '@/server/next-cache/next-internals.mjs';
import { SECURITY_HEADERS } from '@/server/http/security-headers.mjs';
import { contentSecurityPolicy, hashSource } from '@/server/http/content-security-policy';
import { inlineScripts } from '@/server/http/inline-scripts';
import { AUDIENCE_ROUTE, type Audience } from '@/features/content';

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
  vary: PAGE_VARY,
  ...Object.fromEntries(SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value])),
};

/** The path Next.js renders a content address at for an audience (proxy.ts rewrites to it): its key in the store. */
export function audiencePath(host: string, audience: Audience, path: string): string {
  return `/${host}${AUDIENCE_ROUTE}/${audience}${path === '/' ? '' : path}`;
}

/** Each stored rendering's Content-Security-Policy: the hashes of its inline scripts, read once. */
const policies = new WeakMap<object, string>();

function policyOf(source: object, html: string | Buffer): string {
  let policy = policies.get(source);
  if (policy === undefined) {
    const text = Buffer.isBuffer(html) ? html.toString('utf8') : html;
    policy = contentSecurityPolicy(inlineScripts(text).map(hashSource));
    policies.set(source, policy);
  }
  return policy;
}

/**
 * The Content-Security-Policy of the rendering Next.js keeps at this path (the path it rendered, as proxy.ts
 * rewrote it), or null when the store does not hold it.
 */
export function storedPagePolicy(renderedPath: string): string | null {
  const stored = storedPage(renderedPath);
  return stored ? policyOf(stored.source, stored.body) : null;
}

/** The gzip form, ETag and policy of each stored body, made once (a body is replaced, never changed). */
const prepared = new WeakMap<object, Promise<{ body: Buffer; gzipped: Buffer; etag: string; csp: string }>>();

function prepare(source: object, html: string | Buffer) {
  let ready = prepared.get(source);
  if (!ready) {
    const body = Buffer.isBuffer(html) ? html : Buffer.from(html);
    const csp = policyOf(source, html);
    ready = gzipAsync(body).then((gzipped) => ({
      body,
      gzipped,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      csp,
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
  const { body, gzipped, etag, csp } = await prepare(stored.source, stored.body);
  return {
    status: 200,
    headers: { ...PAGE_HEADERS, 'content-security-policy': csp },
    body,
    gzipped,
    etag,
    fresh: now - stored.lastModified < stored.revalidateMs,
  };
}

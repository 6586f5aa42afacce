import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  CACHE_TAGS_HEADER,
  KEPT_RENDERING_HEADER,
  PAGE_KIND,
  PAGE_VARY,
  pageKeyOf,
  pagePathOf,
  RENDERED_PATH_HEADER,
  ROUTER_HEADERS,
  ROUTER_STATE_HEADER,
  VERIFIED_NEXT,
} from '@/server/next-cache/next-internals.mjs';

/**
 * The installed Next.js against src/server/next-cache/next-internals.mjs, the one place that knows its private
 * formats. A failure here means a Next.js upgrade changed (or may have changed) one of them: the page store would
 * silently stop finding renderings, or the front server would send a kept page without its scripts' policy.
 */
const require = createRequire(import.meta.url);
const installed = (require('next/package.json') as { version: string }).version;
const RECHECK =
  `src/server/next-cache/next-internals.mjs was checked against Next.js ${VERIFIED_NEXT}.x; Next.js ${installed} ` +
  'is installed. Re-check each of its constants and functions against this Next.js (the cache key made by ' +
  'getRouteCacheKey in next/dist/server/lib/route-cache-key.js, the APP_PAGE value kind and its html/status/' +
  'headers fields, the cache tags header, the x-nextjs-cache and x-middleware-rewrite headers, the client ' +
  "router's headers and a page's Vary), fix it, then set " +
  'VERIFIED_NEXT there.';

/** A module of Next.js's own, or a failure saying what to re-check. */
function nextModule<T>(path: string): T {
  try {
    return require(path) as T;
  } catch (error) {
    throw new Error(`${path} is gone (${String(error)}). ${RECHECK}`);
  }
}

/** Next.js's own source text of a file that sets a header this app reads. */
function nextSource(path: string): string {
  return readFileSync(require.resolve(path), 'utf8');
}

describe("Next.js's private formats (next-internals.mjs)", () => {
  it('is the Next.js release they were checked against', () => {
    const [major, minor] = installed.split('.');
    expect(`${major}.${minor}`, RECHECK).toBe(VERIFIED_NEXT);
  });

  it("reads a page's path out of the key Next.js itself gives its rendering", () => {
    const { getRouteCacheKey } = nextModule<{
      getRouteCacheKey: (pathname: string, owner: { kind: string; sourceRoute: string }) => string;
    }>('next/dist/server/lib/route-cache-key.js');
    const sourceRoute = '/[host]/for/[audience]/[section]/[id]/page';
    const route = createHash('sha256').update(sourceRoute).digest('hex');
    for (const path of [
      '/localhost/for/visitor',
      '/mio.example.jp/for/premium/blog/01J9Z',
      '/h/for/guest/news',
    ]) {
      const key = getRouteCacheKey(path, { kind: PAGE_KIND, sourceRoute });
      expect(pagePathOf(key, { kind: PAGE_KIND }), `${key}: ${RECHECK}`).toBe(path);
      expect(pageKeyOf(path, route), RECHECK).toBe(key);
    }
  });

  it("names a page's kept value and its cache tags as Next.js does", () => {
    const { CachedRouteKind } = nextModule<{ CachedRouteKind: Record<string, string> }>(
      'next/dist/server/response-cache/types.js',
    );
    expect(CachedRouteKind.APP_PAGE, RECHECK).toBe(PAGE_KIND);
    const { NEXT_CACHE_TAGS_HEADER } = nextModule<{ NEXT_CACHE_TAGS_HEADER: string }>(
      'next/dist/lib/constants.js',
    );
    expect(NEXT_CACHE_TAGS_HEADER, RECHECK).toBe(CACHE_TAGS_HEADER);
  });

  it('reads the headers Next.js sets on an answer from a kept rendering and on a rewrite', () => {
    expect(nextSource('next/dist/build/templates/app-page-runtime.js'), RECHECK).toContain(
      `res.setHeader('${KEPT_RENDERING_HEADER}'`,
    );
    expect(nextSource('next/dist/server/web/spec-extension/response.js'), RECHECK).toContain(
      `headers.set('${RENDERED_PATH_HEADER}'`,
    );
  });

  it("names its client router's request headers, and a page's Vary, as Next.js does", () => {
    const names = nextModule<Record<string, string>>('next/dist/client/components/app-router-headers.js');
    expect(ROUTER_STATE_HEADER, RECHECK).toBe(names.NEXT_ROUTER_STATE_TREE_HEADER);
    expect(ROUTER_HEADERS, RECHECK).toEqual([
      names.RSC_HEADER,
      names.NEXT_ROUTER_PREFETCH_HEADER,
      names.NEXT_ROUTER_STATE_TREE_HEADER,
      names.ACTION_HEADER,
    ]);
    const vary = [
      'RSC_HEADER',
      'NEXT_ROUTER_STATE_TREE_HEADER',
      'NEXT_ROUTER_PREFETCH_HEADER',
      'NEXT_ROUTER_SEGMENT_PREFETCH_HEADER',
    ];
    expect(PAGE_VARY, RECHECK).toBe(vary.map((name) => names[name]).join(', '));
    expect(nextSource('next/dist/server/base-server.js'), RECHECK).toContain(
      `const baseVaryHeader = \`${vary.map((name) => `\${_approuterheaders.${name}}`).join(', ')}\`;`,
    );
  });
});

// @ts-check
/**
 * Every part of Next.js's private behaviour this app relies on, in one place: the cache handler's keys and values
 * (page-store.mjs), the headers Next.js sets on its own answers (the front server's header policy) and those of
 * its client router (requests the front server leaves to it, the Vary of a page it sends itself). None of it
 * is Next.js's public API; next-internals.test.ts reads each one from the installed Next.js and fails, naming this
 * file, when an upgrade changes it. Plain JavaScript: page-store.mjs, which Next.js loads as it is, imports it.
 */

/** The Next.js release this file was last checked against (major.minor): next-internals.test.ts pins it. */
export const VERIFIED_NEXT = '16.4';

/** Set by Next.js on an answer it made from a rendering it keeps (HIT, MISS, STALE), never on one rendered for the request. */
export const KEPT_RENDERING_HEADER = 'x-nextjs-cache';
/** The path Next.js rendered (proxy.ts's rewrite): the rendering's key in the store. Internal, never sent on. */
export const RENDERED_PATH_HEADER = 'x-middleware-rewrite';
/** The header of a kept value's headers that lists its cache tags (revalidatePath, revalidateTag). */
export const CACHE_TAGS_HEADER = 'x-next-cache-tags';
/** The kind of a kept value that is an App Router page's rendering (`html`, `status`, `headers`). */
export const PAGE_KIND = 'APP_PAGE';

/** The route tree Next.js's client router sends (its shape: src/server/http/router-state.ts, kept in step there). */
export const ROUTER_STATE_HEADER = 'next-router-state-tree';
/** The request headers of Next.js's client router and server actions: such a request is always Next.js's to answer. */
export const ROUTER_HEADERS = ['rsc', 'next-router-prefetch', ROUTER_STATE_HEADER, 'next-action'];
/** The Vary Next.js sends with an App Router page: a router request for the same address is another answer. */
export const PAGE_VARY = `rsc, ${ROUTER_STATE_HEADER}, next-router-prefetch, next-router-segment-prefetch`;

/** Between the route's part of a key and the path (`/route-cache/{kind}/{route hash}/$/{path}`). */
const PATH_MARK = '/$/';

/**
 * The key Next.js gives a page's rendering at this path (its getRouteCacheKey): the route is a hash of the route's
 * source file name, which nothing here needs to know. For stand-ins of Next.js in tests.
 * @param {string} path
 * @param {string} [route]
 */
export function pageKeyOf(path, route = 'test') {
  return `/route-cache/${PAGE_KIND}/${route}/$${path}`;
}

/**
 * The path inside a key of Next.js's store (a key without a path: the key itself).
 * @param {string} key
 */
export function pathInKey(key) {
  const at = key.indexOf(PATH_MARK);
  return at >= 0 ? key.slice(at + PATH_MARK.length - 1) : key;
}

/**
 * The path of a page's rendering from its key and value (`/{host}/for/{audience}/…`), or null for any other value.
 * @param {string} key
 * @param {{ kind: string }} value
 */
export function pagePathOf(key, value) {
  return value.kind === PAGE_KIND ? pathInKey(key) : null;
}

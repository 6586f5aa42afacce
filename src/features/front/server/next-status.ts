import { RETRY_AFTER_SECONDS } from '@/lib/errors';
import { SHARED_CACHE_CONTROL } from '@/features/front/server/send';
import type { Head, RequestContext } from '@/features/front/server/head';

/**
 * Next.js answers a page whose data could not be read with its 500 and the site's Japanese error page (error.tsx).
 * When the database caused it (down, timing out, a lock not granted: reported through instrumentation's
 * onRequestError after Next.js was handed this request), the status becomes 503 with Retry-After, which tells
 * browsers, crawlers and caches to come back rather than that the page is broken. Only the status line and two
 * headers change, at the moment Next.js writes them: the body streams as Next.js made it (holding it back broke
 * streamed pages).
 */
export function outageStatus(head: Head, context: RequestContext): void {
  const since = context.nextSince;
  if (since === null || head.status < 500 || context.health.lastUnavailableAt < since) return;
  head.status = 503;
  head.set('retry-after', String(RETRY_AFTER_SECONDS.UNAVAILABLE));
  head.set('cache-control', 'private, no-store');
}

/**
 * A content page (a rendering Next.js answered itself, the router's payload): Next.js marks its kept renderings
 * shareable for 30 s (`s-maxage`). A member's are shareable only among the members of one audience, which a shared
 * cache before us does not know: `private, no-store`. A visitor's may be kept by such a cache for a second, like the
 * pages the front server sends from the store, so that a change reaches it within about a second.
 */
export function settledCacheControl(head: Head, context: RequestContext): void {
  if (!context.page?.content) return;
  const current = head.get('cache-control') ?? '';
  const policy = context.page.member
    ? 'private, no-store'
    : /s-maxage/.test(current)
      ? SHARED_CACHE_CONTROL
      : null;
  if (policy) head.set('cache-control', policy);
}

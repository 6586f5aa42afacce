import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DbHealth } from '@/server/db/health';
import { RETRY_AFTER_SECONDS } from '@/lib/errors';
import { SHARED_CACHE_CONTROL } from '@/features/front/server/send';
import { givenHeaders, headerOf } from '@/features/front/server/head';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Next.js answers a page whose data could not be read with its 500 and the site's Japanese error page (error.tsx).
 * When the database caused it (down, timing out, a lock not granted: reported through instrumentation's
 * onRequestError while this request ran), the status becomes 503 with Retry-After, which tells browsers, crawlers
 * and caches to come back rather than that the page is broken. Only the status line and two headers change, at the
 * moment Next.js writes them: the body streams as Next.js made it (holding it back broke streamed pages).
 */
/**
 * A content page from Next.js (a rendering it answered itself, the router's payload): Next.js marks its kept
 * renderings shareable for 30 s (`s-maxage`). A member's are shareable only among the members of one audience,
 * which a shared cache before us does not know: `private, no-store`. A visitor's may be kept by such a cache for a
 * second, like the pages the front server sends from the store, so that a change reaches it within about a second.
 */
export function settleCacheControl(res: ServerResponse, member: boolean): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    const given = givenHeaders(rest);
    const current = headerOf(res, given, 'cache-control');
    const policy = member ? 'private, no-store' : /s-maxage/.test(current) ? SHARED_CACHE_CONTROL : null;
    if (policy) {
      // Headers given to writeHead itself win over those set before: the policy goes where the header is.
      for (const name of Object.keys(given ?? {}))
        if (name.toLowerCase() === 'cache-control') delete given![name];
      res.setHeader('cache-control', policy);
    }
    return writeHead(statusCode, ...rest);
  }) as ServerResponse['writeHead'];
}

export function withOutageStatus(next: Handler, health: DbHealth): Handler {
  return (req, res) => {
    const startedAt = Date.now();
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    // Node's implicit headers (a first write() without writeHead) call this.writeHead too.
    res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
      if (statusCode < 500 || health.lastUnavailableAt < startedAt) return writeHead(statusCode, ...rest);
      res.setHeader('retry-after', String(RETRY_AFTER_SECONDS.UNAVAILABLE));
      res.setHeader('cache-control', 'private, no-store');
      return writeHead(503, ...rest.filter((arg) => typeof arg !== 'string'));
    }) as ServerResponse['writeHead'];
    return next(req, res);
  };
}

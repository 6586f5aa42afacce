import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DbHealth } from '@/server/db/health';
import { RETRY_AFTER_SECONDS } from '@/lib/errors';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Next.js answers a page whose data could not be read with its 500 and the site's Japanese error page (error.tsx).
 * When the database caused it (down, timing out, a lock not granted: reported through instrumentation's
 * onRequestError while this request ran), the status becomes 503 with Retry-After, which tells browsers, crawlers
 * and caches to come back rather than that the page is broken. Only the status line and two headers change, at the
 * moment Next.js writes them: the body streams as Next.js made it (holding it back broke streamed pages).
 */
/**
 * A member's content page from Next.js (the router's payload, a query): Next.js marks its kept renderings shareable
 * (`s-maxage`), and they are, among the members of one audience; but a shared cache before us does not know the
 * audience, so a member's answer is `private, no-store` whatever Next.js says.
 */
export function keepPrivate(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    res.setHeader('cache-control', 'private, no-store');
    return writeHead(...args);
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

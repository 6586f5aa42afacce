import type { IncomingMessage, ServerResponse } from 'node:http';
import { isStoredPage, type Rendering } from '@/features/front/server/stored-page';
import { acceptsGzip } from '@/features/front/server/requests';

export interface SendOptions {
  /** Sent to a signed-in member: never to be kept by a shared cache. */
  member: boolean;
  state: string;
  /** The audience the rendering was made for (x-fc-audience): visitor, guest or premium. */
  audience?: string;
}

/**
 * What a shared cache before the app (the HTTP cache of the production shape, docs/decisions/0022) may do with a
 * visitor's page: keep it one second, then ask again with its ETag (a 304 from memory here) and serve the old one
 * meanwhile. A change published through any instance thus reaches it within about a second, without a purge.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=1, stale-while-revalidate=30';

function headersFor(page: Rendering, options: SendOptions): Record<string, string> {
  const headers: Record<string, string> = { ...page.headers, 'x-fc-cache': options.state };
  if (options.audience) headers['x-fc-audience'] = options.audience;
  if (options.member) {
    headers['cache-control'] = 'private, no-store';
    delete headers.etag;
  } else if (isStoredPage(page) || page.status === 404) {
    // A missing page too, briefly: a run of made-up addresses is then not a run of renderings.
    headers['cache-control'] = SHARED_CACHE_CONTROL;
    if (isStoredPage(page)) headers.etag = page.etag;
  } else {
    headers['cache-control'] = 'no-store';
  }
  if (!/accept-encoding/i.test(headers.vary ?? '')) {
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  }
  return headers;
}

/** Sends a rendering as it is kept: the gzip form to who accepts it, 304 to a visitor who has it already. */
export function sendPage(req: IncomingMessage, res: ServerResponse, page: Rendering, options: SendOptions) {
  const headers = headersFor(page, options);
  if (isStoredPage(page) && !options.member && req.headers['if-none-match'] === page.etag) {
    res.writeHead(304, {
      etag: page.etag,
      'cache-control': headers['cache-control'] ?? '',
      vary: headers.vary!,
    });
    res.end();
    return;
  }
  let body = page.body;
  if (isStoredPage(page) && acceptsGzip(req)) {
    body = page.gzipped;
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = String(body.length);
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

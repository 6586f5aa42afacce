import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipAsync, isCachedPage } from '@/features/front/server/page-cache';
import type { Rendering } from '@/features/front/server/rendering';
import { acceptsGzip } from '@/features/front/server/requests';

export interface SendOptions {
  /** Sent to a signed-in member: never to be kept by a shared cache. */
  member: boolean;
  state: string;
}

function headersFor(page: Rendering, options: SendOptions): Record<string, string> {
  const headers: Record<string, string> = { ...page.headers, 'x-fc-cache': options.state };
  if (options.member) {
    headers['cache-control'] = 'private, no-store';
    delete headers.etag;
  } else if (isCachedPage(page)) {
    headers.etag = page.etag;
  }
  if (!/accept-encoding/i.test(headers.vary ?? '')) {
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  }
  return headers;
}

/** Sends a rendering as it is kept: the gzip form to who accepts it, 304 to a visitor who has it already. */
export function sendPage(req: IncomingMessage, res: ServerResponse, page: Rendering, options: SendOptions) {
  const headers = headersFor(page, options);
  if (isCachedPage(page) && !options.member && req.headers['if-none-match'] === page.etag) {
    res.writeHead(304, {
      etag: page.etag,
      'cache-control': headers['cache-control'] ?? '',
      vary: headers.vary!,
    });
    res.end();
    return;
  }
  let body = page.body;
  if (isCachedPage(page) && acceptsGzip(req)) {
    body = page.gzipped;
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = String(body.length);
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Sends a page made for this one request (a premium member's item): compressed here, never kept. */
export async function sendPrivatePage(req: IncomingMessage, res: ServerResponse, page: Rendering) {
  const headers = headersFor(page, { member: true, state: 'private' });
  let body = page.body;
  if (acceptsGzip(req)) {
    body = await gzipAsync(body, { level: 4 });
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = String(body.length);
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

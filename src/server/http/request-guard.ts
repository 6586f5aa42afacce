import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CATALOGUE } from '@/lib/errors';
import { isReadableRouterState } from '@/server/http/router-state';
import { ROUTER_STATE_HEADER } from '@/server/next-cache/next-internals.mjs';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The path part of a request target (origin-form `/a?b`, or absolute-form `http://h/a?b`). */
function pathOf(target: string): string {
  const start = target.startsWith('/') ? 0 : target.indexOf('/', target.indexOf('//') + 2);
  if (start < 0) return '/';
  const end = target.slice(start).search(/[?#]/);
  return end < 0 ? target.slice(start) : target.slice(start, start + end);
}

/** Whether every percent sign of the path starts an escape of valid UTF-8, as Next.js's routing needs it. */
function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a request cannot be served, if it cannot: a path whose percent-encoding does not decode (`/%ZZ`), or a
 * router header Next.js cannot read. Next.js answers both with a 500 (a decoding error in its routing, a throw in
 * its rendering); they are the client's mistake, so they get a 400 here, before any of our code or Next.js runs.
 */
export function malformedRequest(req: Pick<IncomingMessage, 'url' | 'headers'>): string | null {
  if (!decodes(pathOf(req.url ?? '/'))) return 'path';
  if (!isReadableRouterState(req.headers[ROUTER_STATE_HEADER])) return ROUTER_STATE_HEADER;
  return null;
}

/** `handler`, behind a 400 for what malformedRequest refuses. */
export function guardRequests(handler: Handler): Handler {
  return (req, res) => {
    if (!malformedRequest(req)) return handler(req, res);
    const { status, message } = ERROR_CATALOGUE.MALFORMED_REQUEST;
    // Nothing personal in it, but nothing worth keeping either: every cache is told so.
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : message);
  };
}

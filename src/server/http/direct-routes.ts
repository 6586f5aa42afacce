import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { SECURITY_HEADERS } from './security-headers';

/**
 * An API the front server answers itself, without Next.js (docs/decisions/0034): only where a measurement showed
 * Next.js's route handler cannot carry the load, the presale's opening and its result time. The answer is the same
 * plain-Node function a route handler would call, on a web `Request`.
 */
export interface DirectRoute {
  method: 'GET' | 'POST';
  /** Matched against the whole path (a request with a query string is not matched); named groups are the params. */
  path: RegExp;
  answer(request: Request, host: string, params: Record<string, string>): Promise<Response>;
}

export interface DirectMatch {
  route: DirectRoute;
  params: Record<string, string>;
}

export function matchDirectRoute(routes: readonly DirectRoute[], req: IncomingMessage): DirectMatch | null {
  const url = req.url ?? '';
  if (routes.length === 0 || !url.startsWith('/api/') || url.includes('?')) return null;
  for (const route of routes) {
    if (route.method !== req.method) continue;
    const match = route.path.exec(url);
    if (match) return { route, params: { ...match.groups } };
  }
  return null;
}

/** The web `Request` of a Node request: its headers and, for a POST, its body as a stream. */
function webRequest(req: IncomingMessage, host: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const withBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${host}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: withBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // Node's fetch requires it for a streamed body.
    duplex: withBody ? 'half' : undefined,
  } as RequestInit);
}

/** Answers a matched request with its route's `Response`, and the security headers every answer carries. */
export async function answerDirect(
  match: DirectMatch,
  host: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const response = await match.route.answer(webRequest(req, host), host, match.params);
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  for (const { key, value } of SECURITY_HEADERS) headers[key.toLowerCase()] = value;
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

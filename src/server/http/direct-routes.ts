import type { IncomingMessage, ServerResponse } from 'node:http';
import pLimit, { type LimitFunction } from 'p-limit';
import { JsonAnswer } from './responses';
import { SECURITY_HEADERS } from './security-headers.mjs';

/**
 * An API the front server answers itself, without Next.js (docs/decisions/0034): only where a measurement showed
 * Next.js's route handler cannot carry the load, the presale's opening and its result time. The answer is the same
 * plain-Node function a route handler would call, on a web `Request`.
 */
interface DirectPath {
  method: 'GET' | 'POST';
  /** Matched against the whole path (a request with a query string is not matched); named groups are the params. */
  path: RegExp;
}

/** Answered whole: a web `Response`, buffered and sent with its length, or a JsonAnswer, sent as it is. */
export interface AnsweredRoute extends DirectPath {
  answer(request: Request, host: string, params: Record<string, string>): Promise<Response | JsonAnswer>;
  serve?: never;
}

/**
 * Served as a stream on the Node response itself (the live chat's Server-Sent Events, decision 0051): a web
 * `Response` would be buffered whole, and a web stream per open connection costs more than the connection.
 */
export interface StreamedRoute extends DirectPath {
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    host: string,
    params: Record<string, string>,
  ): Promise<void>;
  answer?: never;
}

export type DirectRoute = AnsweredRoute | StreamedRoute;

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

/** A direct route's body is a small JSON document: beyond this many bytes the rest is read and dropped. */
export const MAX_DIRECT_BODY_BYTES = 64 * 1024;

/**
 * The request's body, read whole before the answer starts (a Node stream turned into a web one cost the opening's
 * peak more than the body's JSON). Bytes past the limit are drained, not kept: the answer then finds the body cut
 * short, which its JSON reading refuses, as it does a body the client stopped sending.
 */
async function bodyOf(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      if (size + chunk.length <= MAX_DIRECT_BODY_BYTES) chunks.push(chunk);
      size += chunk.length;
    }
  } catch {
    // The client went away mid-body: what came is answered as a cut body, to nobody.
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** The web `Request` of a Node request: its headers and, for a POST, its body. */
async function webRequest(req: IncomingMessage, host: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const withBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${host}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: withBody ? await bodyOf(req) : undefined,
  });
}

const SECURITY: Record<string, string> = Object.fromEntries(
  SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value]),
);

/**
 * At most `concurrency` answered routes at work at once in this process; the others wait their turn, first come first
 * served (decision 0060). The database pool takes `DB_POOL_MAX` connections × MAX_PIPELINE statements at once; a
 * statement past that waits in postgres.js's own queue, which a connection takes from only once it has gone idle,
 * while the statements of later requests keep joining the pipelines ahead: at a crowd's first burst the first fans
 * waited 1 to 3 s behind the whole wave. With this gate no direct answer's statement waits there, and the order of
 * arrival is the order served.
 */
export const directGate = (concurrency: number): LimitFunction => pLimit(concurrency);

/**
 * Answers a matched request with its route's answer, and the security headers every answer carries; through the
 * gate when there is one (a stream is not gated: it holds no statement for long, and its headers go out at once).
 * The body is read before the gate: a client sending it slowly must not hold a place others wait for.
 */
export async function answerDirect(
  match: DirectMatch,
  host: string,
  req: IncomingMessage,
  res: ServerResponse,
  gate?: LimitFunction,
): Promise<void> {
  const { route, params } = match;
  if (route.serve) return route.serve(req, res, host, params);
  const request = await webRequest(req, host);
  const answer = () => answerWhole(route, request, host, params, req, res);
  return gate ? gate(answer) : answer();
}

async function answerWhole(
  route: AnsweredRoute,
  request: Request,
  host: string,
  params: Record<string, string>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const response = await route.answer(request, host, params);
  const headers: Record<string, string | string[]> = { ...SECURITY };
  if (response instanceof JsonAnswer) {
    Object.assign(headers, response.headers);
    headers['content-length'] = String(Buffer.byteLength(response.serialized));
    res.writeHead(response.status, headers);
    res.end(req.method === 'HEAD' ? undefined : response.serialized);
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

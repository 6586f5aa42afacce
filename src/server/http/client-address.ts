import type { IncomingMessage } from 'node:http';

/**
 * The client's address as the front server found it, for the rate limits. The front server always writes it
 * (scripts/serve.ts), replacing whatever a client sent under this name.
 */
export const CLIENT_ADDRESS_HEADER = 'x-fc-client-address';

/**
 * The connection's address, or, behind `trustedProxies` proxies (nginx: 1), the entry of X-Forwarded-For that the
 * outermost trusted proxy appended: entries before it are the client's own words.
 */
export function clientAddressOf(req: IncomingMessage, trustedProxies: number): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  if (trustedProxies === 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.at(-trustedProxies) ?? socket;
}

/** In a route handler: the address the front server found ('unknown' without one, as in tests of a handler alone). */
export function requestAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}

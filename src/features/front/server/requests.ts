import type { IncomingMessage } from 'node:http';
import { normalizeHost, SECTION_IDS, type SectionId } from '@/features/site';
import { ROUTER_HEADERS } from '@/server/next-cache/next-internals.mjs';

/** A request for a content page (top, section list, item) that the front server may answer itself. */
export interface PageRequest {
  host: string;
  path: string;
  item: { section: SectionId; id: string } | null;
}

const CONTENT_PATH = new RegExp(`^/(?:(${SECTION_IDS.join('|')})(?:/([^/]+))?)?$`);

export function pageRequest(req: IncomingMessage): PageRequest | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '';
  if (url.includes('?') || ROUTER_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
  const host = normalizeHost(req.headers.host);
  const match = CONTENT_PATH.exec(url);
  if (!host || !match) return null;
  const [, section, id] = match;
  return { host, path: url, item: section && id ? { section: section as SectionId, id } : null };
}

/**
 * A content address in any form (a document, the router's payload, with a query, an action), as proxy.ts reads it
 * to route it by audience: its host, and whether it is an item (the guest audience is an item's only).
 */
export function contentAddress(req: IncomingMessage): { host: string; item: boolean } | null {
  const match = CONTENT_PATH.exec((req.url ?? '').split('?')[0]!);
  const host = normalizeHost(req.headers.host);
  return match && host ? { host, item: match[2] !== undefined } : null;
}

/** Whether the request asks for a content page in any form (a document, the router's payload, with a query). */
export function isContentAddress(req: IncomingMessage): boolean {
  return CONTENT_PATH.test((req.url ?? '').split('?')[0]!);
}

export function acceptsGzip(req: IncomingMessage): boolean {
  return /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
}

/**
 * Whether the browser reached us over HTTPS: TLS ended here, or at the proxy before us (X-Forwarded-Proto). A client
 * that sends the header over plain HTTP gains nothing: browsers ignore HSTS received over HTTP.
 */
export function overHttps(req: IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const forwarded = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first === 'https';
}

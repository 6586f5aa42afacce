import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media URLs: `/media/s/{payload}.{signature}`, both base64url, the signature an HMAC-SHA256 of the payload
 * text. Pure: the caller passes the secret (env.MEDIA_URL_SECRET), so tests can use their own.
 */

export interface MediaTokenPayload {
  /** site id: a token works only on its own site's hosts. */
  s: string;
  /** media id */
  m: string;
  /** variant name, e.g. 'original' or 'w640' */
  v: string;
  /** expiry, epoch seconds */
  e: number;
}

export type MediaTokenResult =
  { ok: true; payload: MediaTokenPayload } | { ok: false; reason: 'expired' | 'invalid' };

const BUCKET_SECONDS = 300;
/** The longest a URL can live: the end of the current 5-minute bucket plus one more bucket. */
export const MAX_TOKEN_LIFETIME_SECONDS = 2 * BUCKET_SECONDS;

/**
 * The next 5-minute boundary plus 5 minutes: a URL lives 5 to 10 minutes, and every page rendered within the same
 * bucket gets the same URL, so the browser's cache (private, max-age) keeps serving it.
 */
export function tokenExpiry(now: Date): number {
  return Math.ceil(now.getTime() / (BUCKET_SECONDS * 1000)) * BUCKET_SECONDS + BUCKET_SECONDS;
}

function sign(payloadPart: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`media:${payloadPart}`).digest();
}

export function createMediaToken(fields: Omit<MediaTokenPayload, 'e'>, secret: string, now: Date): string {
  const payload: MediaTokenPayload = { s: fields.s, m: fields.m, v: fields.v, e: tokenExpiry(now) };
  const payloadPart = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${payloadPart}.${sign(payloadPart, secret).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function parsePayload(payloadPart: string): MediaTokenPayload | null {
  try {
    const value = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const { s, m, v, e } = value;
    if (typeof s !== 'string' || typeof m !== 'string' || typeof v !== 'string') return null;
    if (typeof e !== 'number' || !Number.isSafeInteger(e)) return null;
    return { s, m, v, e };
  } catch {
    return null;
  }
}

/** The signature is checked before anything in the payload is believed, expiry included. */
export function verifyMediaToken(token: string, secret: string, now: Date): MediaTokenResult {
  const parts = token.split('.');
  if (parts.length !== 2 || token.length > 1024) return { ok: false, reason: 'invalid' };
  const [payloadPart = '', signaturePart = ''] = parts;
  if (!BASE64URL.test(payloadPart) || !BASE64URL.test(signaturePart)) return { ok: false, reason: 'invalid' };

  const expected = sign(payloadPart, secret);
  const given = Buffer.from(signaturePart, 'base64url');
  // Non-canonical encodings of the same bytes are refused too: one token per signature.
  if (given.length !== expected.length || given.toString('base64url') !== signaturePart) {
    return { ok: false, reason: 'invalid' };
  }
  if (!timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };

  const payload = parsePayload(payloadPart);
  if (!payload) return { ok: false, reason: 'invalid' };
  if (payload.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}

/** Seconds a browser may keep the answer to a token: until the token expires, never more than its lifetime. */
export function secondsUntilExpiry(payload: MediaTokenPayload, now: Date): number {
  const left = Math.floor(payload.e - now.getTime() / 1000);
  return Math.max(0, Math.min(left, MAX_TOKEN_LIFETIME_SECONDS));
}

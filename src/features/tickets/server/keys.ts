import 'server-only';
import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { env } from '@/server/env';
import { encodeBody, signedBytes, tagOf, toBase64Url, type CodeFacts } from '@/features/tickets/code/format';
import { base32, encodeSerial } from '@/features/tickets/code/short-code';
import type { SignatureCheck } from '@/features/tickets/code/check';

/** The key id codes are signed with now; earlier ids stay verifiable while a rotation rolls out. */
export const CURRENT_KEY_ID = 1;
export const KEY_IDS = [1] as const;

// A PKCS#8 wrapper for a raw 32-byte Ed25519 seed (RFC 8410): node:crypto takes private keys in this form.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

interface SiteKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicRaw: Buffer;
}
const cache = new Map<string, SiteKey>();

/**
 * The site's Ed25519 key of this id, derived with HKDF from TICKET_SIGNING_SECRET: every instance derives the same
 * key, nothing is stored, and one site's key says nothing about another's.
 */
export function siteKey(siteId: string, keyId = CURRENT_KEY_ID, secret = env.TICKET_SIGNING_SECRET): SiteKey {
  const cacheKey = `${secret.length}:${secret.slice(0, 4)}:${siteId}:${keyId}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const seed = Buffer.from(
    hkdfSync('sha256', secret, 'fc-living-code-keys', `ed25519|${siteId}|${keyId}`, 32),
  );
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const publicRaw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const key = { privateKey, publicKey, publicRaw };
  cache.set(cacheKey, key);
  return key;
}

/** The site's public keys by id, base64url, for the door's page. */
export function publicKeysOf(siteId: string, secret?: string): Record<number, string> {
  return Object.fromEntries(KEY_IDS.map((id) => [id, toBase64Url(siteKey(siteId, id, secret).publicRaw)]));
}

export type CodeSubject = Omit<CodeFacts, 'keyId' | 'siteTag' | 'nonce' | 'windowStart'>;

/** A signed code for one window. */
export function signCode(siteId: string, subject: CodeSubject, windowStart: number, secret?: string): string {
  const facts: CodeFacts = {
    ...subject,
    keyId: CURRENT_KEY_ID,
    siteTag: tagOf(siteId),
    windowStart,
    nonce: randomBytes(6),
  };
  const body = encodeBody(facts);
  const signature = sign(null, signedBytes(body), siteKey(siteId, CURRENT_KEY_ID, secret).privateKey);
  const code = new Uint8Array(body.length + signature.length);
  code.set(body);
  code.set(signature, body.length);
  return toBase64Url(code);
}

/** The server's signature check for one site. */
export function serverCheck(siteId: string, secret?: string): SignatureCheck {
  return async (keyId, message, signature) => {
    if (!(KEY_IDS as readonly number[]).includes(keyId)) return false;
    return verify(null, message, siteKey(siteId, keyId, secret).publicKey, signature);
  };
}

function shortKey(siteId: string, secret = env.TICKET_SIGNING_SECRET): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'fc-living-code-short', siteId, 32));
}

/** The hand-typed code of a ticket in one window (src/features/tickets/code/short-code.ts). */
export function shortCodeOf(
  siteId: string,
  ticket: { id: string; serial: number; holderVersion: number },
  windowStart: number,
  secret?: string,
): string {
  const mac = createHmac('sha256', shortKey(siteId, secret))
    .update(`${ticket.id}|${ticket.holderVersion}|${windowStart}`)
    .digest();
  return encodeSerial(ticket.serial) + base32(mac, 6);
}

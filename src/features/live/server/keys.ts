import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The stream key an encoder publishes with. Staff paste `{streamId}?key={secret}` into OBS's 「ストリームキー」: the
 * stream id names the stream at the media server (and its public HLS folder), the secret proves the right to publish.
 * Only the secret's SHA-256 is stored, so a database dump publishes nothing; a new key replaces the old at once.
 */
export function newStreamSecret(): string {
  return randomBytes(24).toString('base64url');
}

export function hashStreamSecret(secret: string): string {
  return createHash('sha256').update(`live-key:${secret}`).digest('hex');
}

/** Compares in constant time; any malformed input is simply not the key. */
export function secretMatches(secret: string | null | undefined, storedHash: string): boolean {
  if (!secret || secret.length > 200) return false;
  const given = Buffer.from(hashStreamSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** What staff paste into OBS as the stream key. */
export function streamKeyText(streamId: string, secret: string): string {
  return `${streamId}?key=${secret}`;
}

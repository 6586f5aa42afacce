import { fromBase64Url } from '@/features/tickets/code/format';
import type { SignatureCheck } from '@/features/tickets/code/check';

/**
 * The door's signature check with the site's public keys: WebCrypto's Ed25519 (Chromium, Safari, Firefox), or the
 * audited pure-JavaScript Ed25519 of @noble/curves (strict RFC 8032 like WebCrypto, not ZIP-215) where a browser lacks it. Works offline: the keys came with the roster.
 */
export function browserCheck(keys: Record<number, string>): SignatureCheck {
  const imported = new Map<number, Promise<CryptoKey | null>>();
  const importKey = (keyId: number) => {
    let key = imported.get(keyId);
    if (!key) {
      const raw = keys[keyId] ? fromBase64Url(keys[keyId]!) : null;
      key = raw
        ? crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']).catch(() => null)
        : Promise.resolve(null);
      imported.set(keyId, key);
    }
    return key;
  };
  return async (keyId, message, signature) => {
    const raw = keys[keyId] ? fromBase64Url(keys[keyId]!) : null;
    if (!raw || raw.length !== 32) return false;
    const key = await importKey(keyId);
    if (key) return crypto.subtle.verify({ name: 'Ed25519' }, key, signature, message);
    const { ed25519 } = await import('@noble/curves/ed25519.js');
    return ed25519.verify(signature, message, raw, { zip215: false });
  };
}

import { generateKeyPairSync, sign } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserCheck } from './verify';

afterEach(() => vi.restoreAllMocks());

describe('the door signature check', () => {
  it('falls back to the pure-JavaScript Ed25519 where the browser has no WebCrypto Ed25519', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const raw = publicKey.export({ format: 'jwk' }).x!;
    const message = new TextEncoder().encode('ticket 1');
    const signature = new Uint8Array(sign(null, message, privateKey));
    const importKey = vi
      .spyOn(crypto.subtle, 'importKey')
      .mockRejectedValue(new Error('Ed25519 unsupported'));
    const check = browserCheck({ 1: raw });
    expect(await check(1, message, signature)).toBe(true);
    expect(importKey).toHaveBeenCalled();
    signature[0]! ^= 1;
    expect(await check(1, message, signature)).toBe(false);
    expect(await check(2, message, signature)).toBe(false);
  });
});

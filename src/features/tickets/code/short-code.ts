/**
 * The short code typed by hand at the door when a camera cannot read the QR code: 4 characters of the ticket's serial
 * in its performance and 6 of an HMAC of the ticket, its holder and the 30-second window, in Crockford's base32
 * (no I, L, O, U), shown as XXXXX-XXXXX. Only the server can check it (the HMAC key never leaves it).
 */
export const SHORT_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function encodeSerial(serial: number): string {
  let out = '';
  for (let i = 0; i < 4; i += 1) out = SHORT_ALPHABET[(serial >> (5 * i)) & 31] + out;
  return out;
}

export function base32(bytes: Uint8Array, length: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += SHORT_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** Upper case, no separators, I/L → 1 and O → 0 as Crockford reads them; null when not 10 characters of the set. */
export function normalizeShortCode(input: string): { serial: number; mac: string } | null {
  const text = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (!/^[0-9A-HJKMNP-TV-Z]{10}$/.test(text)) return null;
  let serial = 0;
  for (const char of text.slice(0, 4)) serial = serial * 32 + SHORT_ALPHABET.indexOf(char);
  return { serial, mac: text.slice(4) };
}

export const formatShortCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

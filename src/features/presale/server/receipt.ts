import { randomInt } from 'node:crypto';

// Crockford's base32 without I, L, O, U: nothing a fan can misread when they look for their entry in the record.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A receipt number such as "K7M2-9QXD": the fan's pseudonymous entry id in the published draw record. */
export function newReceiptNo(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

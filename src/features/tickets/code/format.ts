/**
 * The living code of an e-ticket or a member card (decision 0033): 50 bytes of facts signed with the site's Ed25519
 * key, sent as base64url (152 characters) so that a QR code of it stays small enough to scan at a door.
 *
 *   0 version (1) · 1 kind (1 ticket, 2 card) · 2 key id · 3..10 site tag · 11..26 subject (ticket or member id)
 *   27..34 performance tag (zero for a card) · 35..38 holder's member number · 39 holder version (ticket moves)
 *   40..43 window start (Unix seconds) · 44..49 nonce · 50..113 Ed25519 signature of DOMAIN + bytes 0..49
 */
export const CODE_VERSION = 1;
export const BODY_BYTES = 50;
export const CODE_BYTES = BODY_BYTES + 64;
/** A code is shown for one window and accepted from SKEW before it until GRACE after it ends. */
export const WINDOW_SECONDS = 30;
export const SKEW_SECONDS = 15;
export const GRACE_SECONDS = 15;
/** What the signature covers besides the body, so that these bytes sign nothing else of ours. */
export const DOMAIN = new TextEncoder().encode('fc-living-code:v1\n');

export type CodeKind = 'ticket' | 'card';

export interface CodeFacts {
  kind: CodeKind;
  keyId: number;
  /** 16 hex characters: the first 8 bytes of the site's id. */
  siteTag: string;
  /** The ticket's id, or the member's id for a card (a UUID). */
  subjectId: string;
  /** 16 hex characters of the performance's id; zeros for a card. */
  performanceTag: string;
  memberNumber: number;
  holderVersion: number;
  windowStart: number;
  nonce: Uint8Array;
}

export type Bytes = Uint8Array<ArrayBuffer>;

export interface ParsedCode extends CodeFacts {
  body: Bytes;
  signature: Bytes;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string): Bytes =>
  Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));

export const tagOf = (uuid: string) => uuid.replaceAll('-', '').slice(0, 16).toLowerCase();
export const NO_PERFORMANCE = '0'.repeat(16);

function uuidOf(bytes: Uint8Array): string {
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The 50 bytes a code signs. */
export function encodeBody(facts: CodeFacts): Bytes {
  const body = new Uint8Array(BODY_BYTES);
  const view = new DataView(body.buffer);
  body[0] = CODE_VERSION;
  body[1] = facts.kind === 'ticket' ? 1 : 2;
  body[2] = facts.keyId;
  body.set(fromHex(facts.siteTag), 3);
  body.set(fromHex(facts.subjectId.replaceAll('-', '')), 11);
  body.set(fromHex(facts.performanceTag), 27);
  view.setUint32(35, facts.memberNumber);
  body[39] = facts.holderVersion & 0xff;
  view.setUint32(40, facts.windowStart);
  body.set(facts.nonce.subarray(0, 6), 44);
  return body;
}

/** DOMAIN followed by the body: the bytes Ed25519 signs and verifies. */
export function signedBytes(body: Uint8Array): Bytes {
  const message = new Uint8Array(DOMAIN.length + body.length);
  message.set(DOMAIN);
  message.set(body, DOMAIN.length);
  return message;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Bytes | null {
  if (!/^[\w-]*$/.test(text)) return null;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The code's facts, or null when it is not a code of ours in form (its signature is checked separately). */
export function parseCode(text: string): ParsedCode | null {
  const trimmed = text.trim();
  if (trimmed.length !== Math.ceil((CODE_BYTES * 4) / 3)) return null;
  const bytes = fromBase64Url(trimmed);
  if (!bytes || bytes.length !== CODE_BYTES || bytes[0] !== CODE_VERSION) return null;
  if (bytes[1] !== 1 && bytes[1] !== 2) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    kind: bytes[1] === 1 ? 'ticket' : 'card',
    keyId: bytes[2]!,
    siteTag: hex(bytes.subarray(3, 11)),
    subjectId: uuidOf(bytes.subarray(11, 27)),
    performanceTag: hex(bytes.subarray(27, 35)),
    memberNumber: view.getUint32(35),
    holderVersion: bytes[39]!,
    windowStart: view.getUint32(40),
    nonce: bytes.slice(44, 50),
    body: bytes.slice(0, BODY_BYTES),
    signature: bytes.slice(BODY_BYTES),
  };
}

/** Whether a code of this window is good at `nowSeconds` (the checking device's clock). */
export function withinWindow(windowStart: number, nowSeconds: number): boolean {
  return (
    nowSeconds >= windowStart - SKEW_SECONDS && nowSeconds < windowStart + WINDOW_SECONDS + GRACE_SECONDS
  );
}

export const windowOf = (nowMs: number) => Math.floor(nowMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;

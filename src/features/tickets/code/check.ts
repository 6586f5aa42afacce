import { parseCode, signedBytes, withinWindow, type Bytes, type ParsedCode } from './format';
import type { RefusalReason } from './reasons';

/** Checks an Ed25519 signature with the site's public key of this id: node:crypto on the server, WebCrypto at the door. */
export type SignatureCheck = (keyId: number, message: Bytes, signature: Bytes) => Promise<boolean>;

export interface CodeExpectation {
  siteTag: string;
  /** The performance being checked at the door; null accepts any (a member card, or the server's lookup). */
  performanceTag: string | null;
  nowSeconds: number;
  verify: SignatureCheck;
}

export type CodeCheck = { ok: true; code: ParsedCode } | { ok: false; reason: RefusalReason };

/**
 * What can be told from the code alone, on the door's device or the server: its form, its site, its signature (a
 * forged or changed byte), its window (a screenshot shown later) and its performance. Used or moved tickets need the
 * database, or the door's own record of what it admitted.
 */
export async function checkCode(text: string, expect: CodeExpectation): Promise<CodeCheck> {
  const code = parseCode(text);
  if (!code) return { ok: false, reason: 'malformed' };
  // The site tag is read before the signature so that another club's code gets its own reason; it cannot pass
  // here either way, since only this site's key is tried.
  if (code.siteTag !== expect.siteTag) return { ok: false, reason: 'another-site' };
  let valid = false;
  try {
    valid = await expect.verify(code.keyId, signedBytes(code.body), code.signature);
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'forged' };
  if (!withinWindow(code.windowStart, expect.nowSeconds)) return { ok: false, reason: 'expired' };
  if (code.kind === 'ticket' && expect.performanceTag && code.performanceTag !== expect.performanceTag) {
    return { ok: false, reason: 'another-performance' };
  }
  return { ok: true, code };
}

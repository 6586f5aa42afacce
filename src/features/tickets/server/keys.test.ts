import { describe, expect, it } from 'vitest';
import { checkCode, type CodeExpectation } from '@/features/tickets/code/check';
import { CODE_BYTES, fromBase64Url, parseCode, tagOf, toBase64Url } from '@/features/tickets/code/format';
import { normalizeShortCode } from '@/features/tickets/code/short-code';
import { publicKeysOf, serverCheck, shortCodeOf, signCode } from './keys';

const SECRET = 'a-ticket-signing-secret-of-at-least-32-characters';
const SITE = '0b1e9c0a-1111-4a2b-8c3d-000000000001';
const OTHER_SITE = '7f00aa00-2222-4a2b-8c3d-000000000002';
const TICKET = '5a5a5a5a-3333-4a2b-8c3d-0000000000aa';
const PERFORMANCE = 'c0ffee00-4444-4a2b-8c3d-0000000000bb';
const WINDOW = 1_800_000_000; // a multiple of 30

const subject = {
  kind: 'ticket' as const,
  subjectId: TICKET,
  performanceTag: tagOf(PERFORMANCE),
  memberNumber: 123,
  holderVersion: 1,
};

const expectation = (overrides: Partial<CodeExpectation> = {}): CodeExpectation => ({
  siteTag: tagOf(SITE),
  performanceTag: tagOf(PERFORMANCE),
  nowSeconds: WINDOW + 10,
  verify: serverCheck(SITE, SECRET),
  ...overrides,
});

describe('living codes', () => {
  it('carry the facts, compactly, and pass with the site key in their window', async () => {
    const code = signCode(SITE, subject, WINDOW, SECRET);
    expect(code).toMatch(/^[\w-]{152}$/);
    expect(fromBase64Url(code)!.length).toBe(CODE_BYTES);
    const result = await checkCode(code, expectation());
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.code).toMatchObject({ ...subject, windowStart: WINDOW, siteTag: tagOf(SITE) });
    }
  });

  it('get a fresh nonce each time: two codes of one window differ', () => {
    expect(signCode(SITE, subject, WINDOW, SECRET)).not.toBe(signCode(SITE, subject, WINDOW, SECRET));
  });

  it('are refused once their window (and the grace) is over, or before it starts', async () => {
    const code = signCode(SITE, subject, WINDOW, SECRET);
    expect(await checkCode(code, expectation({ nowSeconds: WINDOW + 44 }))).toMatchObject({ ok: true });
    expect(await checkCode(code, expectation({ nowSeconds: WINDOW + 45 }))).toEqual({
      ok: false,
      reason: 'expired',
    });
    // A screenshot taken two minutes earlier.
    expect(await checkCode(code, expectation({ nowSeconds: WINDOW + 120 }))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(await checkCode(code, expectation({ nowSeconds: WINDOW - 16 }))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('are refused when any single byte is changed', async () => {
    const bytes = fromBase64Url(signCode(SITE, subject, WINDOW, SECRET))!;
    for (const index of [0, 1, 2, 11, 30, 36, 39, 42, 45, 60, 113]) {
      const changed = bytes.slice();
      changed[index] = changed[index]! ^ 0x01;
      const result = await checkCode(toBase64Url(changed), expectation());
      expect(result.ok, `byte ${index}`).toBe(false);
    }
    // A later window written in by hand: the signature no longer matches.
    const moved = bytes.slice();
    new DataView(moved.buffer).setUint32(40, WINDOW + 300);
    expect(await checkCode(toBase64Url(moved), expectation({ nowSeconds: WINDOW + 310 }))).toEqual({
      ok: false,
      reason: 'forged',
    });
  });

  it('of another site are refused, with their own reason or as forged when they claim this site', async () => {
    const other = signCode(OTHER_SITE, subject, WINDOW, SECRET);
    expect(await checkCode(other, expectation())).toEqual({ ok: false, reason: 'another-site' });
    // Another site's code with this site's tag written in: signed by the other key, so it fails here.
    const bytes = fromBase64Url(other)!;
    bytes.set(fromBase64Url(signCode(SITE, subject, WINDOW, SECRET))!.subarray(3, 11), 3);
    expect(await checkCode(toBase64Url(bytes), expectation())).toEqual({ ok: false, reason: 'forged' });
    expect(publicKeysOf(SITE, SECRET)[1]).not.toBe(publicKeysOf(OTHER_SITE, SECRET)[1]);
  });

  it('signed with another secret are forged', async () => {
    const code = signCode(SITE, subject, WINDOW, 'another-ticket-signing-secret-of-32-characters');
    expect(await checkCode(code, expectation())).toEqual({ ok: false, reason: 'forged' });
  });

  it('of another performance are refused as such', async () => {
    const code = signCode(SITE, subject, WINDOW, SECRET);
    const result = await checkCode(code, expectation({ performanceTag: tagOf(SITE) }));
    expect(result).toEqual({ ok: false, reason: 'another-performance' });
  });

  it('that are not codes at all are malformed', async () => {
    for (const text of ['', 'hello', 'x'.repeat(152), 'https://example.com/'.padEnd(152, 'a')]) {
      expect((await checkCode(text, expectation())).ok).toBe(false);
    }
    expect(parseCode('!'.repeat(152))).toBeNull();
  });

  it('give a short code of 10 characters that names the serial and changes with the window', () => {
    const ticket = { id: TICKET, serial: 42, holderVersion: 1 };
    const short = shortCodeOf(SITE, ticket, WINDOW, SECRET);
    expect(short).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(normalizeShortCode(`${short.slice(0, 5)}-${short.slice(5).toLowerCase()}`)).toEqual({
      serial: 42,
      mac: short.slice(4),
    });
    expect(shortCodeOf(SITE, ticket, WINDOW + 30, SECRET)).not.toBe(short);
    expect(shortCodeOf(SITE, { ...ticket, holderVersion: 2 }, WINDOW, SECRET)).not.toBe(short);
  });
});

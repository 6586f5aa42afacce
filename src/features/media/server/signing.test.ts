import { describe, expect, it } from 'vitest';
import {
  MAX_TOKEN_LIFETIME_SECONDS,
  createMediaToken,
  secondsUntilExpiry,
  tokenExpiry,
  verifyMediaToken,
} from '@/features/media/server/signing';

const SECRET = 'test-secret-of-at-least-thirty-two-characters';
const fields = {
  s: '11111111-1111-4111-8111-111111111111',
  m: '22222222-2222-4222-8222-222222222222',
  v: 'w640',
};
const now = new Date('2026-11-22T12:03:20Z');

const reencode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('media tokens', () => {
  it('verify on their site within their lifetime', () => {
    const token = createMediaToken(fields, SECRET, now);
    const result = verifyMediaToken(token, SECRET, now);
    expect(result).toEqual({
      ok: true,
      payload: { ...fields, e: Date.parse('2026-11-22T12:10:00Z') / 1000 },
    });
    expect(verifyMediaToken(token, SECRET, new Date('2026-11-22T12:09:59Z')).ok).toBe(true);
  });

  it('are the same within a 5-minute bucket, so browsers can cache them', () => {
    const a = createMediaToken(fields, SECRET, new Date('2026-11-22T12:00:01Z'));
    const b = createMediaToken(fields, SECRET, new Date('2026-11-22T12:04:59Z'));
    const c = createMediaToken(fields, SECRET, new Date('2026-11-22T12:05:01Z'));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('expire', () => {
    const token = createMediaToken(fields, SECRET, now);
    expect(verifyMediaToken(token, SECRET, new Date('2026-11-22T12:10:00Z'))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuse a tampered payload', () => {
    const token = createMediaToken(fields, SECRET, now);
    const [, signature] = token.split('.');
    const longer = reencode({ ...fields, e: tokenExpiry(now) + 86_400 });
    const otherMedia = reencode({
      ...fields,
      m: '33333333-3333-4333-8333-333333333333',
      e: tokenExpiry(now),
    });
    expect(verifyMediaToken(`${longer}.${signature}`, SECRET, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyMediaToken(`${otherMedia}.${signature}`, SECRET, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuse a tampered signature, also an expired one as invalid', () => {
    const token = createMediaToken(fields, SECRET, now);
    const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    expect(verifyMediaToken(flipped, SECRET, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyMediaToken(flipped, SECRET, new Date('2030-01-01T00:00:00Z'))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(verifyMediaToken(token.split('.')[0]!, SECRET, now).ok).toBe(false);
    expect(verifyMediaToken(`${token}.x`, SECRET, now).ok).toBe(false);
    expect(verifyMediaToken('', SECRET, now).ok).toBe(false);
    expect(verifyMediaToken('bm90IGpzb24.%%%', SECRET, now).ok).toBe(false);
  });

  it("carry their site, so the server can refuse another site's token", () => {
    const token = createMediaToken({ ...fields, s: '99999999-9999-4999-8999-999999999999' }, SECRET, now);
    const result = verifyMediaToken(token, SECRET, now);
    expect(result.ok && result.payload.s).toBe('99999999-9999-4999-8999-999999999999');
    expect(result.ok && result.payload.s === fields.s).toBe(false);
  });

  it('refuse a token signed with another secret', () => {
    const token = createMediaToken(fields, 'another-secret-of-at-least-thirty-two-chars', now);
    expect(verifyMediaToken(token, SECRET, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('never live longer than 10 minutes, nor less than 5', () => {
    const start = Date.parse('2026-11-22T00:00:00Z');
    for (let ms = 0; ms < 3_600_000; ms += 7_777) {
      const at = new Date(start + ms);
      const ahead = tokenExpiry(at) - at.getTime() / 1000;
      expect(ahead).toBeLessThanOrEqual(MAX_TOKEN_LIFETIME_SECONDS);
      expect(ahead).toBeGreaterThanOrEqual(300);
      const result = verifyMediaToken(createMediaToken(fields, SECRET, at), SECRET, at);
      expect(result.ok && secondsUntilExpiry(result.payload, at)).toBeLessThanOrEqual(600);
    }
  });
});

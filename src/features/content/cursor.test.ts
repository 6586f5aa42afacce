import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '@/features/content/cursor';

const cursor = {
  publishedAt: new Date('2026-11-20T09:30:00.123Z'),
  id: '0b6f1d2e-8a4c-4f3e-9d1a-2c3b4d5e6f70',
};

describe('list cursors', () => {
  it('round-trips', () => {
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each(['', 'abc', Buffer.from('2026-01-01|not-a-uuid').toString('base64url'), 'x'.repeat(200)])(
    'refuses a made-up cursor with a 400: %s',
    (value) => {
      expect(() => decodeCursor(value)).toThrow(expect.objectContaining({ status: 400 }));
    },
  );

  it('refuses a cursor with an extra part', () => {
    const value = Buffer.from(`${cursor.publishedAt.toISOString()}|${cursor.id}|x`).toString('base64url');
    expect(() => decodeCursor(value)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  });
});

import { describe, expect, it } from 'vitest';
import { announcementSchema } from './schemas';

describe('the announcement schema', () => {
  it('takes plain Japanese text', () => {
    const parsed = announcementSchema.safeParse({
      audience: 'all',
      subject: '年末のお知らせ',
      body: '1 < 2 です。\n\nよろしく',
    });
    expect(parsed.success).toBe(true);
  });

  it('refuses markup in the subject or the body, in Japanese', () => {
    for (const input of [
      { audience: 'all', subject: '件名', body: '<script>alert(1)</script>' },
      { audience: 'all', subject: '<img src=x onerror=alert(1)>', body: '本文' },
      { audience: 'premium', subject: '件名', body: 'a < /script>' },
    ]) {
      const parsed = announcementSchema.safeParse(input);
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.message).toMatch(/HTMLタグ/);
    }
    expect(announcementSchema.safeParse({ audience: 'guests', subject: '件名', body: '本文' }).success).toBe(
      false,
    );
  });
});

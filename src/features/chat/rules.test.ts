import { describe, expect, it } from 'vitest';
import { cleanMessage, ngWordIn } from './rules';

describe('chat rules', () => {
  it('meets an NG word in any width, case, kana or spacing', () => {
    const words = ['ばか', 'spam'];
    for (const text of ['ばか', 'バカ', 'ﾊﾞｶ', 'ば か', 'SPAM', 'ｓｐａｍ', 's p a m'])
      expect(ngWordIn(text, words)).not.toBeNull();
    expect(ngWordIn('こんばんは', words)).toBeNull();
    expect(ngWordIn('anything', [])).toBeNull();
  });

  it('keeps a message on one line, trimmed', () => {
    expect(cleanMessage('  a\r\nb\tc ')).toBe('a b c');
  });
});

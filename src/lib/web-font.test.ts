import { describe, expect, it } from 'vitest';
import { fallbackFontList, usesBundledFont } from '@/lib/web-font';

const DEMO = "'Noto Sans JP Variable', 'Hiragino Kaku Gothic ProN', 'Hiragino Sans', Meiryo, sans-serif";

describe('the site font list and the bundled web font', () => {
  it('puts the stand-in in place of the bundled family, quoted either way, and keeps the rest in order', () => {
    expect(fallbackFontList(DEMO)).toBe(
      "'Noto Sans JP Variable Fallback', 'Hiragino Kaku Gothic ProN', 'Hiragino Sans', Meiryo, sans-serif",
    );
    expect(fallbackFontList('"Noto Sans JP Variable",serif')).toBe("'Noto Sans JP Variable Fallback', serif");
    expect(fallbackFontList('Meiryo, Noto Sans JP Variable, sans-serif')).toBe(
      "Meiryo, 'Noto Sans JP Variable Fallback', sans-serif",
    );
  });

  it('keeps a list without it as it is, and never answers an empty list', () => {
    expect(fallbackFontList("'Hiragino Sans', sans-serif")).toBe("'Hiragino Sans', sans-serif");
    expect(fallbackFontList("'Noto Sans JP Variable'")).toBe("'Noto Sans JP Variable Fallback'");
    expect(fallbackFontList(' , ')).toBe('sans-serif');
  });

  it('tells whether the web font is asked for at all', () => {
    expect(usesBundledFont(DEMO)).toBe(true);
    expect(usesBundledFont("'Noto Sans JP', sans-serif")).toBe(false);
    expect(usesBundledFont("'Hiragino Sans', sans-serif")).toBe(false);
  });
});

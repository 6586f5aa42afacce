import { describe, expect, it } from 'vitest';
import { inlineMediaIds, plainText, sanitizeBody } from '@/features/content/server/sanitize';

const ID = '0b6f1d2e-8a4c-4f3e-9d1a-2c3b4d5e6f70';

describe('sanitizeBody', () => {
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<p style="background:url(javascript:alert(1))">s</p>', '<p>s</p>'],
    ['<style>body{display:none}</style><p>t</p>', '<p>t</p>'],
    ['<img src="https://tracker.example/p.gif">', ''],
    ['<a href="//evil.example">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
  ])('drops what could run or load script: %s', (input, output) => {
    expect(sanitizeBody(input)).toBe(output);
  });

  it('keeps the rich text staff write', () => {
    const html =
      '<h2>見出し</h2><p><strong>太字</strong>と<em>斜体</em><br />改行</p><ul><li>一</li></ul><blockquote>引用</blockquote>';
    expect(sanitizeBody(html)).toBe(html.replace('<br />', '<br />'));
  });

  it('keeps links out, opened safely in a new tab', () => {
    expect(sanitizeBody('<a href="https://example.jp/">公式</a>')).toBe(
      '<a href="https://example.jp/" rel="noopener noreferrer nofollow" target="_blank">公式</a>',
    );
  });

  it("keeps the item's own images as media references", () => {
    const html = `<p>a</p><img src="media:${ID}" alt="写真" />`;
    expect(sanitizeBody(html)).toBe(`<p>a</p><img src="media:${ID}" alt="写真" />`);
    expect(inlineMediaIds(sanitizeBody(html))).toEqual([ID]);
  });
});

describe('plainText', () => {
  it('removes every tag and tidies spaces', () => {
    expect(plainText(' <b>新曲</b>  リリース<script>x</script> & 発表 ')).toBe('新曲 リリース & 発表');
  });

  it.each([
    ['A > B & C < D', 'A > B & C < D'],
    ['"引用" と \'引用\'', '"引用" と \'引用\''],
    ['1<2 and 3>2', '1<2 and 3>2'],
    ['x &lt; y', 'x < y'],
    ['&amp;lt;', '&lt;'],
  ])('keeps %j as the text %j, to be escaped once by whatever writes it', (input, expected) => {
    expect(plainText(input)).toBe(expected);
  });
});

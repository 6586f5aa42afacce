import { describe, expect, it } from 'vitest';
import { hashSource } from '@/server/http/content-security-policy';
import { inlineScripts } from '@/server/http/inline-scripts';

describe('inlineScripts', () => {
  it('reads the text of each inline script a browser runs, as written', () => {
    const html =
      '<html><head><script src="/_next/static/a.js" async=""></script>' +
      '<script>self.__next_f=[];</script></head><body><p>x</p>' +
      '<script type="application/ld+json">{"@type":"Event"}</script>' +
      '<script type="application/json">{}</script>' +
      '<script nonce="abc">self.__next_f.push([1,"a &amp; <b>"])</script>' +
      '<script type="module">import "/m.js";</script></body></html>';
    expect(inlineScripts(html)).toEqual([
      'self.__next_f=[];',
      'self.__next_f.push([1,"a &amp; <b>"])',
      'import "/m.js";',
    ]);
  });

  it('hashes a script as browsers do (the CSP spec example)', () => {
    // https://www.w3.org/TR/CSP3/#grammardef-hash-source: alert('Hello, world.');
    expect(hashSource("alert('Hello, world.');")).toBe(
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    );
  });
});

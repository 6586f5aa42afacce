import { describe, expect, it } from 'vitest';
import { paintFirst } from '@/features/front/server/paint-first';

/** The shape of a page as Next.js renders it: chunk scripts in the head, the bootstrap chunk preloaded and at the end. */
const PAGE = [
  '<!DOCTYPE html><html lang="ja"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/boot.js"/>',
  '<script src="/_next/static/chunks/react-dom.js" async=""></script>',
  '<script src="/_next/static/chunks/router.js" async=""></script>',
  '<link rel="preload" href="https://example.com/other.js" as="script"/>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '</head><body><h1>お知らせ</h1>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script src="/_next/static/chunks/boot.js" async=""></script>',
  '</body></html>',
].join('');

/** The list the inline loader is given. */
function loaded(html: string): string[] {
  const call = /\}\)\((\[[^\]]*\])\)<\/script><\/head>/.exec(html);
  return call ? (JSON.parse(call[1]!) as string[]) : [];
}

describe('paintFirst', () => {
  it('hands every chunk script to the loader, in page order, and drops their tags and preloads', () => {
    const page = paintFirst(PAGE);
    expect(loaded(page)).toEqual([
      '/_next/static/chunks/react-dom.js',
      '/_next/static/chunks/router.js',
      '/_next/static/chunks/boot.js',
    ]);
    expect(page).not.toContain('async=""');
    expect(page).not.toContain('fetchPriority="low"');
  });

  it('keeps everything else: the stylesheet, other preloads, the legacy bundle, the inline payload', () => {
    const page = paintFirst(PAGE);
    for (const kept of [
      '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>',
      '<link rel="preload" href="https://example.com/other.js" as="script"/>',
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
      '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
      '<h1>お知らせ</h1>',
    ]) {
      expect(page).toContain(kept);
    }
  });

  it('gives the loader as valid JavaScript, waiting for the first contentful paint', () => {
    const script = /<script>(\(function \(scripts\)[\s\S]*?)<\/script><\/head>/.exec(paintFirst(PAGE))?.[1];
    expect(script).toBeDefined();
    expect(() => new Function(script!)).not.toThrow();
    expect(script).toContain("'first-contentful-paint'");
  });

  it('returns a page without chunk scripts, or without a head, as it is', () => {
    const plain = '<!DOCTYPE html><html><head><title>t</title></head><body>本文</body></html>';
    expect(paintFirst(plain)).toBe(plain);
    const fragment = '<script src="/_next/static/chunks/a.js" async=""></script>';
    expect(paintFirst(fragment)).toBe(fragment);
  });
});

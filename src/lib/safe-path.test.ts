import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '@/lib/safe-path';

const FALLBACK = '/mypage';

describe('sameOriginPath', () => {
  it.each([
    ['/mypage/email', '/mypage/email'],
    ['/blog?page=2#top', '/blog?page=2#top'],
    ['/blog/a b', '/blog/a%20b'],
    // Encoded slashes stay one path segment of ours: a browser does not decode them into a host.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5C%5Cevil.example', '/%5C%5Cevil.example'],
    // Leading spaces and controls are dropped by the browser too: what remains is our own path.
    [' /news', '/news'],
    ['\u0000/news\u001f ', '/news'],
    ['/ne\twS', '/newS'],
    ['/./news', '/news'],
    ['/blog/../news', '/news'],
  ])('follows %j as %j', (target, expected) => {
    expect(sameOriginPath(target, FALLBACK)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    ' ',
    'news',
    '?next=1',
    '#top',
    // Another host written as a network path, with every way a browser turns it into one.
    '//evil.example/',
    '///evil.example/',
    '////evil.example/',
    '/\t/evil.example/',
    '/\n/evil.example/',
    '/\r\n/evil.example/',
    '\t//evil.example/',
    ' //evil.example',
    '\u0001//evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '\\\\evil.example',
    '/\t\\evil.example',
    '/..//evil.example',
    '/.//evil.example',
    '/%09/..//evil.example',
    // Schemes.
    'https://evil.example/',
    'HTTPS://evil.example/',
    'http:evil.example',
    'https:/evil.example',
    'javascript:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://same.invalid/mypage',
  ])('refuses %j', (target) => {
    expect(sameOriginPath(target, FALLBACK)).toBe(FALLBACK);
  });

  it('answers a path that a browser would keep on this origin', () => {
    for (const target of ['/\t/evil.example', '/..//evil.example', '/\\evil.example', '/ok']) {
      const result = sameOriginPath(target, FALLBACK);
      expect(new URL(result, 'https://fc.example').origin).toBe('https://fc.example');
    }
  });
});

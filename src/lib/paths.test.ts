import { describe, expect, it } from 'vitest';
import { paths, safeNextPath } from '@/lib/paths';

describe('safeNextPath', () => {
  it('follows a path of this site', () => {
    expect(safeNextPath('/mypage/email', '/mypage')).toBe('/mypage/email');
    expect(safeNextPath('/blog?page=2', '/mypage')).toBe('/blog?page=2');
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
  ])('never leaves the site for %s', (next) => {
    expect(safeNextPath(next, '/mypage')).toBe('/mypage');
  });

  it('builds the sign-in path with the way back encoded', () => {
    expect(paths.signIn('/mypage?tab=1')).toBe('/login?next=%2Fmypage%3Ftab%3D1');
  });
});

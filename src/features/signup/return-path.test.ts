import { describe, expect, it } from 'vitest';
import { returnPathOf } from '@/features/signup/return-path';
import { paths } from '@/lib/paths';

describe('returnPathOf: where a fan is brought back to after joining', () => {
  it('keeps a page of this site, normalised as a browser reads it', () => {
    expect(returnPathOf('/blog/0b6c9c1e-2f4a-4c1e-9a53-4a0c9c1e2f4a')).toBe(
      '/blog/0b6c9c1e-2f4a-4c1e-9a53-4a0c9c1e2f4a',
    );
    expect(returnPathOf('/photo/x?view=2')).toBe('/photo/x?view=2');
    expect(returnPathOf('/a/../movie/1')).toBe('/movie/1');
  });

  it.each([
    ['another origin', 'https://evil.example/blog/1'],
    ['a protocol-relative host', '//evil.example/blog/1'],
    ['a backslash host', '/\\evil.example'],
    ['a tab hiding a host', '/\t/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['the sign-up flow itself (a loop)', '/signup/complete'],
    ['an API', '/api/billing/subscribe'],
    ['the staff console', '/staff/members'],
    ['nothing', ''],
    ['too long to be a page of ours', `/blog/${'x'.repeat(600)}`],
  ])('refuses %s', (_label, next) => {
    expect(returnPathOf(next)).toBeNull();
  });

  it('is carried in the flow addresses as one encoded parameter', () => {
    expect(paths.signUp('/blog/1?a=b&c=d')).toBe('/signup?next=%2Fblog%2F1%3Fa%3Db%26c%3Dd');
    expect(paths.signUpContinue(null)).toBe('/signup/continue');
    expect(paths.signUpStep('plans', '/blog/1')).toBe('/signup/plans?next=%2Fblog%2F1');
  });
});

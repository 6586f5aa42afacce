import { describe, expect, it } from 'vitest';
import { isValidHost, normalizeHost } from '@/features/site/host';

describe('normalizeHost', () => {
  it.each([
    ['localhost:3000', 'localhost'],
    ['localhost', 'localhost'],
    ['Second.LocalHost:3000', 'second.localhost'],
    ['fc.example.jp.', 'fc.example.jp'],
    ['fc.example.jp:443', 'fc.example.jp'],
    ['127.0.0.1:3000', '127.0.0.1'],
  ])('%s -> %s', (header, host) => {
    expect(normalizeHost(header)).toBe(host);
  });

  it.each([
    null,
    undefined,
    '',
    '[::1]:3000',
    'evil.com/path',
    '../etc',
    'a..b',
    '-bad.example',
    'host name',
    'x'.repeat(254),
  ])('refuses %s', (header) => {
    expect(normalizeHost(header)).toBeNull();
  });
});

describe('isValidHost', () => {
  it('accepts lower-case names and refuses ports and upper case', () => {
    expect(isValidHost('second.localhost')).toBe(true);
    expect(isValidHost('localhost:3000')).toBe(false);
    expect(isValidHost('Localhost')).toBe(false);
  });
});

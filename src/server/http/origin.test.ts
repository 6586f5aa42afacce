import { describe, expect, it } from 'vitest';
import { isSameOrigin } from '@/server/http/origin';

const request = (headers: Record<string, string>) =>
  new Request('http://localhost/api/session', { method: 'POST', headers });

describe('isSameOrigin', () => {
  it('accepts a request from a page of the same host and port', () => {
    expect(isSameOrigin(request({ host: 'localhost:3000', origin: 'http://localhost:3000' }))).toBe(true);
    expect(isSameOrigin(request({ host: 'fc.example.jp', origin: 'https://fc.example.jp' }))).toBe(true);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['a sibling subdomain', 'http://second.localhost:3000'],
    ['another port', 'http://localhost:4000'],
    ['an opaque origin', 'null'],
    ['a non-web scheme', 'file://localhost:3000'],
    ['garbage', '::::'],
  ])('refuses %s', (_name, origin) => {
    expect(isSameOrigin(request({ host: 'localhost:3000', origin }))).toBe(false);
  });

  it('refuses a request without Origin or Host', () => {
    expect(isSameOrigin(request({ host: 'localhost:3000' }))).toBe(false);
    expect(
      isSameOrigin(new Request('http://localhost/', { method: 'POST', headers: { origin: 'http://x' } })),
    ).toBe(false);
  });
});

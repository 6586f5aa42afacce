import { describe, expect, it } from 'vitest';
// Next.js's own check, to keep ours in step with the installed version.
import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state';
import { isReadableRouterState } from '@/server/http/router-state';

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

const nextReads = (header: string) => {
  try {
    parseAndValidateFlightRouterState(header);
    return true;
  } catch {
    return false;
  }
};

const HEADERS = [
  enc(['', { children: ['__PAGE__', {}] }, null, null, 1]),
  enc(['', { children: ['__PAGE__', {}] }, null, null, true]),
  enc(['', { children: ['news', { children: ['__PAGE__', {}] }] }, null, 'refetch']),
  enc(['', { children: [['host', 'localhost', 'd', null], {}, ['/news', '/news']] }]),
  enc(['', { children: [['host', 'localhost', 'd', ['staff']], {}] }]),
  enc(['', { children: [['host', 'localhost', 'd'], {}] }]),
  enc(['', { children: [['host', 'localhost', 'd', [1]], {}] }]),
  enc(['', {}]),
  enc(['', {}, null, null, 1, 'x']),
  enc(['', []]),
  'garbage',
  '%ZZ',
  '%5B%5D',
  '%7B%7D',
  enc(['', {}, null, null, 1, 'x', 'too many']),
  enc(['', { children: 'x' }]),
  enc([['host', 'localhost', 'zz'], {}]),
  enc(['', {}, ['only one']]),
  enc(['', {}, null, 'unknown-marker']),
  enc(['', {}, null, null, null, null]),
  enc([1, {}]),
  enc(null),
  encodeURIComponent('['.repeat(30_000)),
];

describe('isReadableRouterState', () => {
  it('lets a request without the header through', () => {
    expect(isReadableRouterState(undefined)).toBe(true);
  });

  it.each(HEADERS)('agrees with Next.js on %s', (header) => {
    expect(isReadableRouterState(header)).toBe(nextReads(header));
  });

  it('reads a real tree and refuses made-up ones', () => {
    expect(isReadableRouterState(HEADERS[0])).toBe(true);
    expect(isReadableRouterState('garbage')).toBe(false);
    expect(isReadableRouterState(['a', 'b'])).toBe(false);
    expect(isReadableRouterState('x'.repeat(40_001))).toBe(false);
  });

  it('refuses a tree nested deeper than any route of ours without recursing without end', () => {
    let tree: unknown = ['', {}];
    for (let i = 0; i < 200; i += 1) tree = ['', { children: tree }];
    expect(isReadableRouterState(enc(tree))).toBe(false);
  });
});

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIRECT_ROUTES } from './direct-routes';

const HOST_ROUTES = path.join(import.meta.dirname, '[host]');

/** Every route.ts under app/[host], as an address with one sample value per dynamic segment. */
function appRouteAddresses(dir = HOST_ROUTES, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === 'route.ts') found.push(prefix || '/');
    if (!entry.isDirectory()) continue;
    const segment = entry.name.startsWith('(') ? '' : `/${entry.name.replace(/^\[.*\]$/, 'x1')}`;
    found.push(...appRouteAddresses(path.join(dir, entry.name), prefix + segment));
  }
  return found;
}

describe('the direct routes beside app/', () => {
  const addresses = appRouteAddresses();

  it('reads the app routes it compares with', () => {
    expect(addresses).toContain('/api/presales/x1/payment');
  });

  it("lists the presale peaks, the media server's callbacks and the live chat, each with a path no route.ts also answers", () => {
    expect(DIRECT_ROUTES.map((route) => `${route.method} ${route.path.source}`)).toEqual([
      'GET ^\\/api\\/presales\\/item\\/(?<itemId>[^/]+)$',
      'POST ^\\/api\\/presales\\/(?<id>[^/]+)\\/application$',
      'POST ^\\/api\\/live\\/rtmp\\/publish$',
      'POST ^\\/api\\/live\\/rtmp\\/publish-done$',
      'GET ^\\/api\\/chat\\/(?<itemId>[0-9a-f-]{36})\\/stream$',
      'POST ^\\/api\\/chat\\/(?<itemId>[0-9a-f-]{36})\\/messages$',
      'POST ^\\/api\\/chat\\/(?<itemId>[0-9a-f-]{36})\\/reports$',
      'GET ^\\/api\\/chat\\/(?<itemId>[0-9a-f-]{36})\\/reports$',
      'POST ^\\/api\\/chat\\/(?<itemId>[0-9a-f-]{36})\\/moderation$',
    ]);
    for (const route of DIRECT_ROUTES) {
      expect(addresses.filter((address) => route.path.test(address))).toEqual([]);
    }
  });
});

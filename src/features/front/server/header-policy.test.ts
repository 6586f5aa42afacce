import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DbHealth } from '@/server/db/health';
import { applyHeaderPolicy, HEADER_RULES, type HeaderRule } from '@/features/front/server/header-policy';
import type { RequestContext } from '@/features/front/server/head';

let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(answer: (res: http.ServerResponse) => void, rules?: readonly HeaderRule[]) {
  const context: RequestContext = {
    https: true,
    count: { queries: 2 },
    page: { content: true, member: false },
    nextSince: null,
    health: new DbHealth(),
  };
  server = http.createServer((_req, res) => {
    applyHeaderPolicy(res, context, rules);
    answer(res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/news`);
  return { status: response.status, statusText: response.statusText, headers: response.headers };
}

describe('the header policy', () => {
  it('runs its rules in the declared order (documented in header-policy.ts)', () => {
    expect(HEADER_RULES.map((rule) => rule.name)).toEqual([
      'outage status',
      'kept rendering policy',
      'cache control',
      'hsts',
      'db round trips',
    ]);
  });

  it("applies once, whoever writes the head: a rule's header wins over writeHead's own", async () => {
    const answer = await serve((res) => {
      res.writeHead(200, { 'Cache-Control': 's-maxage=30' });
      res.end('ok');
    });
    expect(answer.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=1, stale-while-revalidate=30',
    );
    expect(answer.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(answer.headers.get('x-db-round-trips')).toBe('2');
  });

  it('each rule sees what the rules before it decided; a changed status loses its message', async () => {
    const seen: number[] = [];
    const rules: HeaderRule[] = [
      { name: 'first', apply: (head) => void (head.status = 418) },
      { name: 'second', apply: (head) => void seen.push(head.status) },
    ];
    const answer = await serve((res) => {
      res.writeHead(200, 'Fine');
      res.end();
    }, rules);
    expect(seen).toEqual([418]);
    expect(answer.status).toBe(418);
    expect(answer.statusText).not.toBe('Fine');
  });
});

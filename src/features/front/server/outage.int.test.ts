import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { connectPostgres, type DbHandle } from '@/server/db/client';
import { DbHealth } from '@/server/db/health';
import { upsertSite } from '@/features/site/server';
import { keepRendering } from '@/test/next-store';
import { createFrontHandler, type FrontDeps } from '@/features/front/server/handler';

/**
 * The front server while its database fails (decision 0020): a page it holds is served stale for as long as the
 * outage lasts, everything else gets the site's Japanese 503 page with Retry-After at once, and it all comes back
 * without a restart.
 */

let handle: Awaited<ReturnType<typeof createTestDb>>;
// Nothing listens on port 1: postgres.js's real ECONNREFUSED, as when PostgreSQL is stopped.
let unreachable: DbHandle;
let front: http.Server;
let port: number;
let current: (req: http.IncomingMessage, res: http.ServerResponse) => void;
const handlers: Record<'healthy' | 'failing', typeof current> = { healthy: () => {}, failing: () => {} };
const health = new DbHealth();

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/**
 * Next.js as the stand-in gives it: renderings of the content pages (a visitor's kept in the store, as Next.js
 * does), and a 500 for /broken (an English one).
 */
async function next(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  // Next.js wraps res.end with its own and keeps the one it found: the front server's wrapper must stay correct.
  const end = res.end;
  res.end = function (this: http.ServerResponse, ...args: unknown[]) {
    return (end as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as http.ServerResponse['end'];
  if (req.url === '/broken') {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal Server Error');
    return;
  }
  const body = `<html><body>${req.url}</body></html>`;
  if (!req.headers.cookie) await keepRendering('localhost', 'visitor', req.url!, body);
  res.statusCode = 200;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 's-maxage=30');
  res.write('<html><body>');
  res.end(`${req.url}</body></html>`);
}

function get(path: string, options: { host?: string; cookie?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const headers: Record<string, string> = { host: options.host ?? 'localhost' };
      if (options.cookie) headers.cookie = options.cookie;
      http
        .get({ host: '127.0.0.1', port, path, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        })
        .on('error', reject);
    },
  );
}

beforeAll(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  handle = await createTestDb();
  await upsertSite(handle.db, demoSiteFile('mio'));
  unreachable = connectPostgres('postgres://postgres@127.0.0.1:1/none', {
    max: 2,
    timeouts: { statementMs: 1_000, lockMs: 1_000, idleInTransactionMs: 1_000, connectMs: 1_000 },
  });
  const deps = (db: DbHandle['db']): FrontDeps => ({
    db,
    next,
    health,
    sandboxClock: false,
    countHeader: false,
    recheck: () => {},
  });
  handlers.healthy = createFrontHandler(deps(handle.db));
  handlers.failing = createFrontHandler(deps(unreachable.db));
  current = handlers.healthy;
  front = http.createServer((req, res) => current(req, res));
  port = await listen(front);
});
afterAll(async () => {
  front?.close();
  await unreachable?.close();
  await handle?.drop();
  vi.restoreAllMocks();
});

describe('the front server in a database outage', () => {
  it('answers as usual while the database is there', async () => {
    expect((await get('/news')).headers['x-fc-cache']).toBe('miss');
    expect((await get('/news')).headers['x-fc-cache']).toBe('hit');
    expect((await get('/broken')).status).toBe(500);
    expect(health.down).toBe(false);
  });

  it('notices the database gone from the first query that fails, and stops asking it', async () => {
    current = handlers.failing;
    // A member's request looks the session up: the query fails, the visitor's page is served privately.
    const member = await get('/news', { cookie: `__Host-fc_session=${'x'.repeat(43)}` });
    expect([member.status, member.headers['cache-control']]).toEqual([200, 'private, no-store']);
    expect(health.down).toBe(true);
  });

  it('serves the pages it holds, stale, to visitors and members, for as long as the outage lasts', async () => {
    // Ten minutes into the outage: long past the site cache's TTL and the page cache's stale time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    const visitor = await get('/news');
    expect([visitor.status, visitor.headers['x-fc-cache'], visitor.body]).toEqual([
      200,
      'stale',
      '<html><body>/news</body></html>',
    ]);
    const member = await get('/news', { cookie: `__Host-fc_session=${'x'.repeat(43)}` });
    expect([member.status, member.headers['cache-control']]).toEqual([200, 'private, no-store']);
    vi.useRealTimers();
  });

  it('answers every other page at once with the 503 page, and an API with the Japanese JSON error', async () => {
    const started = Date.now();
    const page = await get('/photo');
    expect([page.status, page.headers['retry-after']]).toEqual([503, '5']);
    expect(page.body).toContain('MIO FAMILY');
    expect(Date.now() - started).toBeLessThan(500);
    const api = await get('/api/session');
    expect([api.status, api.headers['retry-after']]).toEqual([503, '5']);
    expect(JSON.parse(api.body)).toEqual({
      error: { code: 'UNAVAILABLE', message: 'ただいま混み合っています。時間をおいて再度お試しください。' },
    });
    const unknown = await get('/', { host: 'nowhere.example' });
    expect(unknown.status).toBe(503);
    expect(unknown.body).toContain('<html lang="ja">');
    expect(unknown.body).not.toContain('<header>');
  });

  it('comes back without a restart once the database answers again', async () => {
    current = handlers.healthy;
    const deadline = Date.now() + 10_000;
    let status = 503;
    while (status === 503 && Date.now() < deadline) {
      status = (await get('/photo')).status;
      if (status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect(health.down).toBe(false);
    expect((await get('/news')).headers['x-fc-cache']).toBe('hit');
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type IncomingHttpHeaders } from 'node:http2';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { demoBrowser } from './support/sessions';
import { EMULATOR_HOST } from './support/auth';
import { DATA_DIR, cookieHeader, sessionOfDemoAccount, siteGet, siteTarget } from './support/content';
import { E2E_PORT, MIO_URL } from './support/sites';
import { hasNginx, startEdge, type Edge } from '../scripts/lib/edge';

/**
 * Issue 7: two app instances on one database stay consistent (docs/decisions/0012). A second instance of the app
 * server is started beside the test server, on the same embedded database and Auth emulator. A change made through
 * the first instance shows on the second within seconds, although the second had the page in its cache; a session
 * opened on the first opens the second's premium pages (all state is in the database). Through nginx before both (the
 * production edge, deploy/nginx.conf), visitors' pages are kept a second and a change still shows within seconds,
 * while a member's answers are never kept.
 */

const SECOND_PORT = E2E_PORT + 2;
const EDGE_PORT = E2E_PORT + 3;
const secondBase = `http://localhost:${SECOND_PORT}`;
let second: ChildProcess | null = null;
/** nginx before both instances (deploy/nginx.conf), as in production. */
let edge: Edge | null = null;

/** The database of the test server: DATABASE_URL's PostgreSQL, or the embedded one scripts/start.ts serves. */
function databaseUrl(): { url: string; embedded: boolean } {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false };
  const { url } = JSON.parse(readFileSync(path.join(DATA_DIR, 'embedded-db.json'), 'utf8')) as {
    url: string;
  };
  return { url, embedded: true };
}

function startSecondInstance(): ChildProcess {
  const { url, embedded } = databaseUrl();
  return spawn(
    process.execPath,
    ['dist/main.mjs'],
    {
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(SECOND_PORT),
        DATA_DIR,
        DATABASE_URL: url,
        // The embedded database serves one session: one connection keeps transactions apart (as npm start does).
        DB_POOL_MAX: embedded ? '1' : '10',
        FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
        DEMO_MODE: 'true',
        MEDIA_URL_SECRET: readFileSync(path.join(DATA_DIR, 'media-url-secret'), 'utf8').trim(),
        ALTCHA_HMAC_KEY: readFileSync(path.join(DATA_DIR, 'altcha-hmac-key'), 'utf8').trim(),
        NOTICE_TOKEN_SECRET: readFileSync(path.join(DATA_DIR, 'notice-token-secret'), 'utf8').trim(),
        TICKET_SIGNING_SECRET: readFileSync(path.join(DATA_DIR, 'ticket-signing-secret'), 'utf8').trim(),
        PAYMENTS_PROVIDER: 'sandbox',
        SANDBOX_TEST_CLOCK: 'true',
        RATE_LIMIT_SCALE: '50',
      },
    },
  );
}

test.describe('two instances on one database', { tag: '@postgres' }, () => {
  // Several instances are a PostgreSQL deployment: the embedded database serves one process's session, and a second
  // process's statements would interleave with the first's there. CI runs this spec on PostgreSQL (.ci/run).
  test.skip(!process.env.DATABASE_URL, 'needs PostgreSQL (DATABASE_URL)');

  test.beforeAll(async ({ request }, testInfo) => {
    testInfo.setTimeout(120_000);
    second = startSecondInstance();
    await expect(async () => {
      expect((await request.get(`${secondBase}/`, { failOnStatusCode: false })).status()).toBe(200);
    }).toPass({ timeout: 90_000 });
    if (hasNginx()) edge = await startEdge(EDGE_PORT, [E2E_PORT, SECOND_PORT]);
  });
  test.afterAll(async () => {
    second?.kill('SIGTERM');
    await edge?.stop();
  });

  test('publishing through one instance shows on the other within seconds, and so does unpublishing', async ({
    browser,
    request,
  }, testInfo) => {
    test.slow();
    const mio = siteTarget('mio');
    const other = siteTarget('mio', secondBase);
    const title = `二台目にも ${Date.now().toString(36)}${testInfo.workerIndex}`;
    // The second instance has the visitor's news list in its page cache before the change.
    await expect(async () => {
      expect((await siteGet(request, other, '/news')).headers()['x-fc-cache']).toBe('hit');
    }).toPass({ timeout: 10_000 });

    const page = await demoBrowser(browser, 'mio', 'editor');
    const headers = { Origin: MIO_URL };
    const created = await page.request.post('/api/staff/content', {
      headers,
      data: { section: 'news', title },
    });
    expect(created.status()).toBe(201);
    const { item } = (await created.json()) as { item: { id: string } };
    const published = await page.request.post(`/api/staff/content/${item.id}/publish`, { headers });
    expect(published.status()).toBe(200);
    const publishedAt = Date.now();

    // The instance that made the change shows it at the very next request.
    expect(await (await siteGet(request, mio, '/news')).text()).toContain(title);
    await expect(async () => {
      expect(await (await siteGet(request, other, '/news')).text()).toContain(title);
    }).toPass({ timeout: 5_000, intervals: [100] });
    expect(Date.now() - publishedAt).toBeLessThan(5_000);
    expect((await siteGet(request, other, `/news/${item.id}`)).status()).toBe(200);

    expect((await page.request.post(`/api/staff/content/${item.id}/unpublish`, { headers })).status()).toBe(
      200,
    );
    await expect(async () => {
      expect((await siteGet(request, other, `/news/${item.id}`)).status()).toBe(404);
      expect(await (await siteGet(request, other, '/news')).text()).not.toContain(title);
    }).toPass({ timeout: 5_000, intervals: [100] });
    await page.request.delete(`/api/staff/content/${item.id}`, { headers });
    await page.context().close();
  });

  test("through the HTTP cache: a visitor's page is kept a second and renewed on a change; a member's never", async ({
    request,
  }) => {
    test.skip(!edge, 'needs nginx (apt-get install nginx; .ci/run installs it)');
    test.slow();
    const viaEdge = siteTarget('mio', edge!.base);
    const direct = siteTarget('mio');
    // Kept: the second request within its second is nginx's.
    await expect(async () => {
      await siteGet(request, viaEdge, '/news');
      const again = await siteGet(request, viaEdge, '/news');
      expect(again.headers()['x-cache-status']).toBe('HIT');
      expect(again.headers()['x-fc-audience']).toBe('visitor');
    }).toPass({ timeout: 10_000 });

    // A premium member's item: through to an instance every time, private, whole; the visitor's page stays locked.
    const session = await sessionOfDemoAccount('mio', 'premium');
    const list = await (await siteGet(request, viaEdge, '/blog')).text();
    const href = /href="(\/blog\/[0-9a-f-]{36})"/.exec(list)?.[1];
    expect(href).toBeTruthy();
    await siteGet(request, viaEdge, href!);
    for (let i = 0; i < 2; i += 1) {
      const member = await siteGet(request, viaEdge, href!, cookieHeader(session));
      expect(member.headers()['x-cache-status']).toBe('BYPASS');
      expect(member.headers()['cache-control']).toBe('private, no-store');
      expect(member.headers()['x-fc-audience']).toBe('premium');
      expect(await member.text()).toContain('data-item="full"');
    }
    const visitor = await siteGet(request, viaEdge, href!);
    expect(await visitor.text()).toContain('data-item="locked"');

    // A change through one instance reaches the edge's visitors within seconds, without a purge.
    const editor = await sessionOfDemoAccount('mio', 'editor');
    const headers = { Origin: MIO_URL, ...cookieHeader(editor) };
    const title = `エッジにも ${Date.now().toString(36)}`;
    const created = await request.post(`${direct.base}/api/staff/content`, {
      headers: { Host: direct.host, ...headers },
      data: { section: 'news', title },
    });
    expect(created.status()).toBe(201);
    const { item } = (await created.json()) as { item: { id: string } };
    const publish = await request.post(`${direct.base}/api/staff/content/${item.id}/publish`, {
      headers: { Host: direct.host, ...headers },
    });
    expect(publish.status()).toBe(200);
    const publishedAt = Date.now();
    await expect(async () => {
      expect(await (await siteGet(request, viaEdge, '/news')).text()).toContain(title);
    }).toPass({ timeout: 5_000, intervals: [100] });
    expect(Date.now() - publishedAt).toBeLessThan(5_000);
    await request.delete(`${direct.base}/api/staff/content/${item.id}`, {
      headers: { Host: direct.host, ...headers },
    });
  });

  test("a session opened on one instance opens the other's premium pages, never cacheable by anyone else", async ({
    request,
  }) => {
    test.slow();
    const session = await sessionOfDemoAccount('mio', 'premium');
    const other = siteTarget('mio', secondBase);
    const list = await (await siteGet(request, other, '/blog')).text();
    const href = /href="(\/blog\/[0-9a-f-]{36})"/.exec(list)?.[1];
    expect(href).toBeTruthy();
    const visitor = await siteGet(request, other, href!);
    expect(await visitor.text()).toContain('data-item="locked"');
    const member = await siteGet(request, other, href!, cookieHeader(session));
    expect(member.status()).toBe(200);
    expect(member.headers()['cache-control']).toBe('private, no-store');
    const html = await member.text();
    expect(html).toContain('data-item="full"');
    expect(html).toContain('class="item-body');
    // The visitor's next request still gets the visitor's page.
    expect(await (await siteGet(request, other, href!)).text()).toContain('data-item="locked"');
  });

  test("the edge answers as phones reach a deployment: over HTTPS and HTTP/2, a visitor's page kept", async () => {
    test.skip(!hasNginx(), 'needs nginx (apt-get install nginx; .ci/run installs it)');
    const tlsEdge = await startEdge(EDGE_PORT + 1, [E2E_PORT, SECOND_PORT], { tls: true });
    const session = connect(tlsEdge.base, { ca: tlsEdge.certificate });
    try {
      const get = (path: string) =>
        new Promise<{ headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
          const stream = session.request({ ':path': path });
          let body = '';
          let headers: IncomingHttpHeaders = {};
          stream.setEncoding('utf8');
          stream.on('response', (received) => (headers = received));
          stream.on('data', (chunk: string) => (body += chunk));
          stream.on('end', () => resolve({ headers, body }));
          stream.on('error', reject);
        });
      const first = await get('/news');
      expect(session.alpnProtocol).toBe('h2');
      expect(first.headers[':status']).toBe(200);
      expect(first.body).toContain('<html lang="ja"');
      // The same cache as over plain HTTP: the visitor's page is kept and served again from nginx.
      await expect(async () => {
        expect((await get('/news')).headers['x-cache-status']).toMatch(/HIT|UPDATING|STALE|REVALIDATED/);
      }).toPass({ timeout: 5_000, intervals: [100] });
    } finally {
      session.close();
      await tlsEdge.stop();
    }
  });
});

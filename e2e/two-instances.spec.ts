import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { demoBrowser } from './support/sessions';
import { DATA_DIR, cookieHeader, sessionOfDemoAccount, siteGet, siteTarget } from './support/content';
import { MIO_URL } from './support/sites';

/**
 * Issue 7: two app instances on one database stay consistent (docs/decisions/0012). A second instance of the app
 * server is started beside the test server, on the same embedded database and Auth emulator. A change made through
 * the first instance shows on the second within seconds, although the second had the page in its cache; a session
 * opened on the first opens the second's premium pages (all state is in the database).
 */

const SECOND_PORT = 3102;
const secondBase = `http://localhost:${SECOND_PORT}`;
let second: ChildProcess | null = null;

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
    ['--import', 'tsx', '--import', './scripts/lib/server-only.mjs', 'scripts/serve.ts'],
    {
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(SECOND_PORT),
        DATA_DIR,
        DATABASE_URL: url,
        // The embedded database serves one session: one connection keeps transactions apart (as npm start does).
        DB_POOL_MAX: embedded ? '1' : '10',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9399',
        DEMO_MODE: 'true',
        MEDIA_URL_SECRET: readFileSync(path.join(DATA_DIR, 'media-url-secret'), 'utf8').trim(),
        PAYMENTS_PROVIDER: 'sandbox',
        SANDBOX_TEST_CLOCK: 'true',
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
  });
  test.afterAll(() => {
    second?.kill('SIGTERM');
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
});

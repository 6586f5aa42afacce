import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { upsertSite, type Site } from '@/features/site/server';
import { createSession, sessionTokenOf } from '@/features/auth/server';
import { createItem } from '@/features/content/server';
import { addMember, addPlan } from '@/features/membership/testing';
import { dropSite } from '@/server/next-cache/page-store.mjs';
import { keepRendering } from '@/test/next-store';
import { KEPT_RENDERING_HEADER, RENDERED_PATH_HEADER } from '@/server/next-cache/next-internals.mjs';
import { isAudience } from '@/features/content';
import { audiencePath } from '@/features/front/server/stored-page';
import { hashSource } from '@/server/http/content-security-policy';
import { createFrontHandler } from '@/features/front/server/handler';
import { requestAudience } from '@/features/front/server/request-audience';
import { audienceFromFront, DECIDED_AUDIENCE_HEADER } from '@/features/front/server/decided-audience';

/**
 * The front server against a real database and a stand-in for Next.js that keeps its renderings in the store as
 * Next.js does: which rendering each viewer gets, what is private, when Next.js answers, and the premium rendering
 * shared by premium members.
 */

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let front: http.Server;
let frontPort: number;
const rendered: string[] = [];
const passedToNext: string[] = [];
/** The audience the front server named to Next.js on each request it passed on. */
const decided: (string | undefined)[] = [];
const rechecked: string[] = [];
const addresses: string[] = [];
const tokens: Record<'premium' | 'guest' | 'recheck', string> = { premium: '', guest: '', recheck: '' };
let premiumBlog: string;
/** How long the stand-in's renderings are fresh (Next.js: the route's revalidate). */
let revalidate = 30;

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/** What proxy.ts decides: the audience the front server named, else its own (another access query). */
async function proxyAudience(req: http.IncomingMessage): Promise<string> {
  if (forcedAudience) return forcedAudience;
  const named = audienceFromFront(String(req.headers[DECIDED_AUDIENCE_HEADER]));
  if (named) return named;
  const lookup = {
    db: handle.db,
    sandboxClock: false,
    recheck: (_site: Site, access: { sessionHash: string }) => rechecked.push(access.sessionHash),
  };
  return requestAudience(
    lookup,
    mio,
    sessionTokenOf(req.headers.cookie),
    /^\/\w+\/[^/]+$/.test(req.url ?? ''),
  );
}
let forcedAudience: string | null = null;
const CONTENT = /^\/(?:(?:news|blog|photo|movie|ticket)(?:\/[^/?]+)?)?$/;

/**
 * Next.js as the stand-in gives it: a content page rendered for the audience proxy.ts decides (named in
 * x-fc-audience) and kept in the store; anything else answered with "next".
 */
async function next(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  passedToNext.push(req.url ?? '');
  decided.push(req.headers[DECIDED_AUDIENCE_HEADER] as string | undefined);
  addresses.push(String(req.headers['x-fc-client-address']));
  if (req.headers['if-none-match'] === '"next"') {
    // As Next.js answers a browser that has the page already, proxy.ts's nonce policy set before.
    res.setHeader('content-security-policy', "script-src 'self' 'nonce-abc'");
    res.writeHead(304);
    res.end();
    return;
  }
  if (!CONTENT.test(req.url ?? '') || req.headers.rsc) {
    // As Next.js marks a kept rendering (the router's payload of a content page, say).
    res.setHeader('cache-control', 's-maxage=30, stale-while-revalidate=3570');
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('next');
    return;
  }
  const view = await proxyAudience(req);
  rendered.push(`${view} ${req.url}`);
  if (req.url?.endsWith('/missing')) {
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><head></head><body></body></html>');
    return;
  }
  const script = req.url?.endsWith('/scripted') ? `<script>boot("${view}")</script>` : '';
  const body = `<html><body>${view} ${req.url}${script}</body></html>`;
  if (isAudience(view)) {
    await keepRendering('localhost', view, req.url!, body, { revalidate });
    // As Next.js answers from a rendering it keeps: the rewritten path, and proxy.ts's nonce policy.
    res.setHeader(KEPT_RENDERING_HEADER, 'MISS');
    res.setHeader(RENDERED_PATH_HEADER, audiencePath('localhost', view, req.url!));
    res.setHeader('content-security-policy', "script-src 'self' 'nonce-abc'");
  }
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 's-maxage=30',
    'x-fc-audience': view,
  });
  res.end(body);
}

function get(path: string, token?: string, extra: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const headers: Record<string, string> = { host: 'localhost', ...extra };
      if (token) headers.cookie = `other=1; __Host-fc_session=${token}`;
      http
        .get({ host: '127.0.0.1', port: frontPort, path, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        })
        .on('error', reject);
    },
  );
}

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  const planId = (await addPlan(handle.db, mio.id, 'monthly', '月額会員')).id;
  const future = new Date(Date.now() + 30 * 86_400_000);
  const premium = await addMember(handle.db, mio.id, {
    nickname: 'プレミアム',
    subscription: { planId, status: 'active', periodEnd: future },
  });
  const guest = await addMember(handle.db, mio.id, { nickname: 'ゲスト' });
  const open = (uid: string, at = new Date()) =>
    createSession(handle.db, { siteId: mio.id, uid, email: null, authTime: at }, at);
  tokens.premium = (await open(premium.uid)).token;
  tokens.guest = (await open(guest.uid)).token;
  tokens.recheck = (await open(premium.uid, new Date(Date.now() - 10 * 60_000))).token;
  premiumBlog = (
    await createItem(handle.db, mio.id, {
      section: 'blog',
      title: '会員ブログ',
      teaser: 'さわり',
      bodyHtml: '<p>SECRET-BODY</p>',
      state: 'published',
      publishedAt: new Date(Date.now() - 60_000),
    })
  ).id;

  front = http.createServer(
    createFrontHandler({
      db: handle.db,
      next,
      sandboxClock: false,
      countHeader: true,
      recheck: (_site, access) => rechecked.push(access.sessionHash),
      directRoutes: [
        {
          method: 'GET',
          path: /^\/api\/direct\/(?<id>[^/]+)$/,
          answer: async (request, host, { id }) =>
            Response.json({ host, id, cookie: request.headers.get('cookie') }),
        },
      ],
    }),
  );
  frontPort = await listen(front);
});
afterAll(async () => {
  front?.close();
  await handle?.drop();
});

describe('the front server', () => {
  it("serves a visitor's pages from the cache: rendered once, public, gzip on request", async () => {
    const first = await get('/news');
    const second = await get('/news');
    expect([first.headers['x-fc-cache'], second.headers['x-fc-cache']]).toEqual(['miss', 'hit']);
    expect(second.body).toBe('<html><body>visitor /news</body></html>');
    // A shared cache before the app keeps it a second, then asks again with the ETag.
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=30');
    expect(second.headers['x-fc-audience']).toBe('visitor');
    expect(second.headers.etag).toBeTruthy();
    expect(rendered.filter((line) => line === 'visitor /news')).toHaveLength(1);
    expect(second.headers['x-db-round-trips']).toBe('0');
  });

  it('gives a signed-in member without premium the guest item page and the shared lists, privately', async () => {
    const item = await get(`/blog/${premiumBlog}`, tokens.guest);
    expect(item.body).toBe(`<html><body>guest /blog/${premiumBlog}</body></html>`);
    expect(item.headers['cache-control']).toBe('private, no-store');
    expect(item.headers.etag).toBeUndefined();
    const list = await get('/news', tokens.guest);
    expect(list.body).toBe('<html><body>visitor /news</body></html>');
    expect(list.headers['cache-control']).toBe('private, no-store');
  });

  it("serves a premium member's item page from the one rendering premium members share, privately", async () => {
    const page = await get(`/blog/${premiumBlog}`, tokens.premium);
    expect(page.status).toBe(200);
    expect(page.body).toBe(`<html><body>premium /blog/${premiumBlog}</body></html>`);
    expect(page.headers['cache-control']).toBe('private, no-store');
    // One round trip: the session with its access; the page itself is held.
    expect((await get(`/blog/${premiumBlog}`, tokens.premium)).headers['x-db-round-trips']).toBe('1');
    // Never to anyone else.
    expect((await get(`/blog/${premiumBlog}`)).body).toBe(
      `<html><body>visitor /blog/${premiumBlog}</body></html>`,
    );
  });

  it('never sends a rendering made for another audience than the request is (the session changed meanwhile)', async () => {
    dropSite(['localhost']);
    passedToNext.length = 0;
    forcedAudience = 'premium';
    try {
      // Asked for the visitor's page, Next.js rendered and kept a premium one: the visitor's is still to be made.
      await get('/movie');
    } finally {
      forcedAudience = null;
    }
    const page = await get('/movie');
    expect(page.body).toBe('<html><body>visitor /movie</body></html>');
    expect(page.headers['x-fc-cache']).toBe('miss');
    expect(passedToNext).toEqual(['/movie', '/movie']);
    expect((await get('/movie', tokens.premium)).body).toBe('<html><body>premium /movie</body></html>');
  });

  it('leaves a rendering past its time to Next.js, which renders it again, and answers from the store after', async () => {
    revalidate = 0;
    try {
      await get('/ticket');
    } finally {
      revalidate = 30;
    }
    passedToNext.length = 0;
    const stale = await get('/ticket');
    expect(stale.headers['x-fc-cache']).toBe('stale');
    expect(passedToNext).toEqual(['/ticket']);
    expect((await get('/ticket')).headers['x-fc-cache']).toBe('hit');
  });

  it('gives a stale or foreign cookie the visitor page, privately', async () => {
    const page = await get(`/blog/${premiumBlog}`, 'x'.repeat(43));
    expect(page.body).toBe(`<html><body>visitor /blog/${premiumBlog}</body></html>`);
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it("serves a premium member's top page and lists from one rendering shared by premium members, privately", async () => {
    const first = await get('/blog', tokens.premium);
    const second = await get('/blog', tokens.recheck);
    expect(first.body).toBe('<html><body>premium /blog</body></html>');
    expect(first.headers['x-fc-audience']).toBe('premium');
    expect([first.headers['x-fc-cache'], second.headers['x-fc-cache']]).toEqual(['miss', 'hit']);
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('private, no-store');
    expect((await get('/', tokens.premium)).body).toBe('<html><body>premium /</body></html>');
    // Never to anyone else: a guest member and a visitor get the visitor's list.
    expect((await get('/blog', tokens.guest)).body).toBe('<html><body>visitor /blog</body></html>');
    expect((await get('/blog')).body).toBe('<html><body>visitor /blog</body></html>');
  });

  it('answers a session due for its provider check at once, and has it checked beside the page', async () => {
    await get(`/blog/${premiumBlog}`, tokens.premium);
    rechecked.length = 0;
    passedToNext.length = 0;
    const page = await get(`/blog/${premiumBlog}`, tokens.recheck);
    expect(page.body).toBe(`<html><body>premium /blog/${premiumBlog}</body></html>`);
    expect(rechecked).toHaveLength(1);
    expect(passedToNext).toEqual([]);
    await get('/blog', tokens.premium);
    expect(rechecked).toHaveLength(1);
  });

  it('leaves to Next.js everything else', async () => {
    passedToNext.length = 0;
    await get('/mypage', tokens.guest);
    await get('/news?cursor=abc');
    await get('/api/direct/7?x=1');
    expect(passedToNext).toEqual(['/mypage', '/news?cursor=abc', '/api/direct/7?x=1']);
  });

  it('answers its direct routes itself, never passing them to Next.js (decision 0034)', async () => {
    passedToNext.length = 0;
    const answer = await get('/api/direct/7', tokens.guest);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ host: 'localhost', id: '7' });
    expect(JSON.parse(answer.body).cookie).toContain(tokens.guest);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(passedToNext).toEqual([]);
  });

  it("answers an item that is not there with the rendering's own 404, never kept", async () => {
    const before = rendered.length;
    expect((await get('/blog/missing', tokens.premium)).status).toBe(404);
    expect((await get('/blog/missing', tokens.premium)).status).toBe(404);
    expect(rendered.slice(before)).toEqual(['premium /blog/missing', 'premium /blog/missing']);
  });

  it('decides the audience once per request: a miss makes one access query, Next.js routes by the same', async () => {
    await get('/news'); // the site is known: no query for it
    dropSite(['localhost']);
    decided.length = 0;
    rechecked.length = 0;
    // A session due for its identity check: checked once too, beside the answer.
    const miss = await get(`/blog/${premiumBlog}`, tokens.recheck);
    expect(miss.headers['x-fc-cache']).toBe('miss');
    expect(miss.body).toBe(`<html><body>premium /blog/${premiumBlog}</body></html>`);
    expect(miss.headers['x-db-round-trips']).toBe('1');
    expect(rechecked).toHaveLength(1);
    // The router's payload too, which the front server never answers itself.
    const payload = await get('/blog?_rsc=abc', tokens.guest, { rsc: '1' });
    expect(payload.headers['x-db-round-trips']).toBe('1');
    expect(decided).toEqual(['premium', 'visitor']);
  });

  it('never routes by an audience the client named: the front server replaces it, or removes it', async () => {
    dropSite(['localhost']);
    decided.length = 0;
    const forged = { [DECIDED_AUDIENCE_HEADER]: 'premium' };
    expect((await get('/news', undefined, forged)).body).toBe('<html><body>visitor /news</body></html>');
    expect((await get(`/blog/${premiumBlog}`, tokens.guest, forged)).body).toBe(
      `<html><body>guest /blog/${premiumBlog}</body></html>`,
    );
    await get('/mypage', tokens.guest, forged);
    expect(decided).toEqual(['visitor', 'guest', undefined]);
  });

  it("tells Next.js who the client is, as it judged it, never as the client claimed (the rate limits' key)", async () => {
    addresses.length = 0;
    await get('/mypage', undefined, {
      'x-fc-client-address': '203.0.113.66',
      'x-forwarded-for': '203.0.113.67',
    });
    expect(addresses).toEqual(['127.0.0.1']);
  });

  it("keeps a member's content answers from Next.js private (the router's payload), whatever Next.js marks them", async () => {
    const rsc = { rsc: '1' };
    expect((await get('/blog?_rsc=abc', tokens.premium, rsc)).headers['cache-control']).toBe(
      'private, no-store',
    );
    expect((await get('/?_rsc=abc', tokens.guest, rsc)).headers['cache-control']).toBe('private, no-store');
    // A visitor's may be kept by a shared cache a second, like the pages from the store; other addresses keep what
    // Next.js says.
    expect((await get('/blog?_rsc=abc', undefined, rsc)).headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=1, stale-while-revalidate=30',
    );
    expect((await get('/terms', tokens.premium)).headers['cache-control']).toContain('s-maxage=30');
  });

  it('tells a browser that came over HTTPS to keep to it (HSTS), on every answer; never over plain HTTP', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    for (const path of ['/news', '/mypage']) {
      expect((await get(path, undefined, https)).headers['strict-transport-security']).toBe(
        'max-age=63072000; includeSubDomains',
      );
      expect((await get(path)).headers['strict-transport-security']).toBeUndefined();
    }
    expect((await get('/news', tokens.premium, https)).headers['strict-transport-security']).toBeTruthy();
  });

  it("lets a kept rendering's own inline scripts run, by their hashes, whoever answers it", async () => {
    const hash = hashSource('boot("visitor")');
    const first = await get('/photo/scripted');
    const second = await get('/photo/scripted');
    expect([first.headers['x-fc-cache'], second.headers['x-fc-cache']]).toEqual(['miss', 'hit']);
    for (const answer of [first, second]) {
      expect(answer.headers['content-security-policy']).toContain(`script-src 'self' ${hash}`);
      expect(answer.headers['content-security-policy']).not.toContain('nonce-');
      // Next.js's internal path is not sent on.
      expect(answer.headers[RENDERED_PATH_HEADER]).toBeUndefined();
    }
    // A 304 leaves the browser's copy with the policy it came with (it would take a nonce policy from the 304).
    for (const [path, etag] of [
      ['/photo/scripted', second.headers.etag!],
      ['/terms', '"next"'],
    ] as const) {
      const revalidated = await get(path, undefined, { 'if-none-match': etag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers['content-security-policy']).toBeUndefined();
    }
    // Another audience's rendering has its own scripts, and its own hashes.
    const premium = await get('/photo/scripted', tokens.premium);
    expect(premium.headers['content-security-policy']).toContain(hashSource('boot("premium")'));
    expect(premium.headers['content-security-policy']).not.toContain(hash);
  });

  it("renders a site's pages afresh once they are dropped from the store", async () => {
    await get('/news');
    expect((await get('/news')).headers['x-fc-cache']).toBe('hit');
    dropSite(['localhost']);
    expect((await get('/news')).headers['x-fc-cache']).toBe('miss');
    expect((await get('/news')).headers['x-fc-cache']).toBe('hit');
  });
});

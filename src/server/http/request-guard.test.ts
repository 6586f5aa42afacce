import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardRequests, malformedRequest } from '@/server/http/request-guard';

/** The guard in front of a stand-in for the app that fails like Next.js would on what the guard lets through. */
const reached: string[] = [];
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer(
    guardRequests((req, res) => {
      reached.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('page');
    }),
  );
  port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; cache: string | undefined }>((resolve, reject) => {
    http
      .get({ port, path, headers: { host: 'localhost', ...headers } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, cache: res.headers['cache-control'] }),
        );
      })
      .on('error', reject);
  });
}

const VIEWERS = {
  visitor: {},
  'signed-in': { cookie: '__Host-fc_session=any-value' },
};
const TREE = encodeURIComponent(JSON.stringify(['', { children: ['news', { children: ['__PAGE__', {}] }] }]));

describe.each(Object.entries(VIEWERS))('the front door, for a %s', (_viewer, cookie) => {
  it.each(['/%ZZ', '/blog/%E0%A4%A', '/news/%', '/%C0%AF', '/mypage/%FF'])(
    'answers %s, which does not decode, with a 400 in Japanese',
    async (path) => {
      const answer = await get(path, cookie);
      expect(answer.status).toBe(400);
      expect(answer.body).toBe(
        'URLまたはリクエストの形式が正しくありません。ページを再読み込みしてください。',
      );
      expect(answer.cache).toBe('no-store');
    },
  );

  it.each(['garbage', '%ZZ', '%5B%5D', '%7B%7D'])(
    'answers a made-up Next-Router-State-Tree (%s) with a 400',
    async (tree) => {
      const answer = await get('/news?_rsc=1', { ...cookie, rsc: '1', 'next-router-state-tree': tree });
      expect(answer.status).toBe(400);
    },
  );

  it('serves what decodes and a router state Next.js can read', async () => {
    for (const path of ['/news', '/blog/%E3%81%82', '/%2F%2Fevil', '/?q=%ZZ']) {
      expect((await get(path, cookie)).status).toBe(200);
    }
    expect((await get('/news', { ...cookie, rsc: '1', 'next-router-state-tree': TREE })).status).toBe(200);
    expect((await get('/news', { ...cookie, 'next-router-prefetch': '1', rsc: '1' })).status).toBe(200);
  });
});

describe('malformedRequest', () => {
  it('reads the path of an absolute-form target too', () => {
    expect(malformedRequest({ url: 'http://localhost/%ZZ?a=1', headers: {} })).toBe('path');
    expect(malformedRequest({ url: 'http://localhost/news?a=%ZZ', headers: {} })).toBeNull();
    expect(malformedRequest({ url: '/news', headers: { 'next-router-state-tree': 'x' } })).toBe(
      'next-router-state-tree',
    );
  });

  it('never let a refused request reach the app', () => {
    expect(reached.some((url) => url.includes('%ZZ') && !url.includes('?q='))).toBe(false);
  });
});

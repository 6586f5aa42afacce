import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerDirect,
  directGate,
  matchDirectRoute,
  MAX_DIRECT_BODY_BYTES,
  type DirectRoute,
} from './direct-routes';
import { JsonAnswer } from './responses';

const seen: { host: string; params: Record<string, string>; body: string; cookie: string | null }[] = [];
const routes: DirectRoute[] = [
  {
    method: 'POST',
    path: /^\/api\/things\/(?<id>[^/]+)\/echo$/,
    answer: async (request, host, params) => {
      seen.push({ host, params, body: await request.text(), cookie: request.headers.get('cookie') });
      const response = Response.json({ ok: true }, { status: 201, headers: { 'Cache-Control': 'private' } });
      response.headers.append('Set-Cookie', 'a=1; Path=/');
      response.headers.append('Set-Cookie', 'b=2; Path=/');
      return response;
    },
  },
  { method: 'GET', path: /^\/api\/things$/, answer: async () => new Response('listed') },
  { method: 'GET', path: /^\/api\/plain$/, answer: async () => new JsonAnswer({ 結果: '当選' }, 202) },
  {
    method: 'GET',
    path: /^\/api\/slow\/(?<n>\d+)$/,
    answer: async (_request, _host, { n }) => {
      slow.started.push(Number(n));
      slow.atOnce = Math.max(slow.atOnce, slow.started.length - slow.done);
      await new Promise((resolve) => setTimeout(resolve, 200));
      slow.done += 1;
      return new JsonAnswer({ n });
    },
  },
];
/** What the slow route saw: requests arrived, the order its answers started in, and the most at work at once. */
const slow = { arrived: 0, started: [] as number[], done: 0, atOnce: 0 };
const gate = directGate(2);

let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/slow/')) slow.arrived += 1;
    const match = matchDirectRoute(routes, req);
    if (!match) {
      res.writeHead(599).end();
      return;
    }
    void answerDirect(match, 'fan.example', req, res, gate);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('direct routes', () => {
  it("answers a matched request with the route's status, headers, cookies and the security headers", async () => {
    const response = await fetch(`${base}/api/things/42/echo`, {
      method: 'POST',
      headers: { cookie: 'fc=abc', 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('cache-control')).toBe('private');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(seen.at(-1)).toEqual({
      host: 'fan.example',
      params: { id: '42' },
      body: '{"x":1}',
      cookie: 'fc=abc',
    });
  });

  it('sends a JsonAnswer as it is: its status, private, its length in bytes, and the security headers', async () => {
    const response = await fetch(`${base}/api/plain`);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ 結果: '当選' });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength('{"結果":"当選"}')));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('works on at most as many answers at once as its gate lets through, the others in their order of arrival', async () => {
    const answers: Promise<Response>[] = [];
    for (let n = 1; n <= 6; n += 1) {
      answers.push(fetch(`${base}/api/slow/${n}`));
      // Each request reaches the server before the next is sent.
      await expect.poll(() => slow.arrived, { interval: 5 }).toBe(n);
    }
    expect((await Promise.all(answers)).map((response) => response.status)).toEqual(Array(6).fill(200));
    expect(slow.atOnce).toBe(2);
    expect(slow.started).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('leaves to Next.js another method, another path, and any address with a query string', async () => {
    expect((await fetch(`${base}/api/things/42/echo`)).status).toBe(599);
    expect((await fetch(`${base}/api/things/42/echo/more`, { method: 'POST' })).status).toBe(599);
    expect((await fetch(`${base}/api/things?page=2`)).status).toBe(599);
    expect((await fetch(`${base}/things`)).status).toBe(599);
    expect(await (await fetch(`${base}/api/things`)).text()).toBe('listed');
  });

  it('keeps no more of a body than its limit, and still answers once the rest is drained', async () => {
    const chunk = 'x'.repeat(16 * 1024);
    const huge = chunk.repeat(MAX_DIRECT_BODY_BYTES / chunk.length + 2);
    const response = await fetch(`${base}/api/things/7/echo`, { method: 'POST', body: huge });
    expect(response.status).toBe(201);
    const kept = seen.at(-1)?.body ?? '';
    expect(kept).toMatch(/^x+$/);
    expect(kept.length).toBeLessThanOrEqual(MAX_DIRECT_BODY_BYTES);
  });

  it('answers a body the client stopped sending as the part that came', async () => {
    const before = seen.length;
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /api/things/9/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"cut":');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await expect.poll(() => seen.length).toBe(before + 1);
    expect(seen.at(-1)?.body).toBe('{"cut":');
  });
});

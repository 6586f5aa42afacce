import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DbHealth } from '@/server/db/health';
import { applyHeaderPolicy } from '@/features/front/server/header-policy';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** An answer of Next.js under the front server's header policy: handed to it now. */
function withOutageStatus(next: Handler, health: DbHealth): Handler {
  return (req, res) => {
    applyHeaderPolicy(res, { https: false, count: null, page: null, nextSince: Date.now(), health });
    return next(req, res);
  };
}

/** A real server, so that Node's own writeHead paths (explicit and implicit) are what is tested. */
let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: Handler) {
  server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/mypage`);
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.text(),
  };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const locked = Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
const ERROR_PAGE = '<h1>エラーが発生しました</h1>';

describe('the outage status rule (Next.js answering)', () => {
  it('a 500 the database caused while the request ran is a 503 with Retry-After, its page unchanged', async () => {
    const health = new DbHealth();
    const answer = await serve(
      withOutageStatus(async (_req, res) => {
        health.report(locked);
        res.statusCode = 500;
        res.end(ERROR_PAGE); // implicit headers
      }, health),
    );
    expect(answer).toEqual({ status: 503, retryAfter: '5', body: ERROR_PAGE });
  });

  it('also through an explicit writeHead with a status message', async () => {
    const health = new DbHealth();
    const answer = await serve(
      withOutageStatus(async (_req, res) => {
        health.report(refused);
        res.writeHead(500, 'Internal Server Error', { 'content-type': 'text/html; charset=utf-8' });
        res.end(ERROR_PAGE);
      }, health),
    );
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe('5');
  });

  it('keeps a 500 of another cause, and every other status', async () => {
    const health = new DbHealth();
    const broken = await serve(
      withOutageStatus(async (_req, res) => {
        health.report(new Error('TypeError in a component'));
        res.statusCode = 500;
        res.end(ERROR_PAGE);
      }, health),
    );
    expect(broken).toMatchObject({ status: 500, retryAfter: null });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const fine = await serve(
      withOutageStatus(async (_req, res) => {
        health.report(refused);
        res.end('ok');
      }, health),
    );
    expect(fine).toMatchObject({ status: 200, retryAfter: null });
  });

  it('an unavailability before this request started is not its cause', async () => {
    const health = new DbHealth();
    health.report(locked, Date.now() - 60_000);
    const answer = await serve(
      withOutageStatus(async (_req, res) => {
        res.statusCode = 500;
        res.end(ERROR_PAGE);
      }, health),
    );
    expect(answer.status).toBe(500);
  });
});

import { describe, expect, it } from 'vitest';
import { dbHealth } from '@/server/db/health';
import { onRequestError } from './instrumentation';

type ErrorArgs = Parameters<typeof onRequestError>;

describe('onRequestError', () => {
  it('records a database that timed out before Next.js can write the status line', () => {
    const health = dbHealth();
    health.lastUnavailableAt = 0;
    const lockTimeout = Object.assign(new Error('canceling statement due to lock timeout'), {
      code: '55P03',
    });
    const request = { path: '/mypage', method: 'GET', headers: {} };
    const context = { routerKind: 'App Router', routePath: '/[host]/mypage', routeType: 'render' };
    // Not awaited: Next.js goes on to its 500 while the handler's promise is pending, and the front server reads the
    // record at that moment (features/front/server/next-status.ts).
    void onRequestError(...([lockTimeout, request, context] as unknown as ErrorArgs));
    expect(health.lastUnavailableAt).toBeGreaterThan(0);
  });

  it('leaves the record alone for an error that is not the database', () => {
    const health = dbHealth();
    health.lastUnavailableAt = 0;
    void onRequestError(...([new TypeError('x is undefined'), {}, {}] as unknown as ErrorArgs));
    expect(health.lastUnavailableAt).toBe(0);
  });
});

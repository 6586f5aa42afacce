import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '@/server/env';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { jsonFromError } from '@/server/http/responses';
import { CLIENT_ADDRESS_HEADER } from '@/server/http/client-address';
import { RATE_LIMITS } from '@/server/rate-limit/limits';
import { upsertSite, type Site } from '@/features/site/server';
import { firebaseIdentity } from '@/features/auth/server/identity';
import { createSessionFromToken } from '@/features/auth/server/session-api';

// The limits at their real numbers here (the other tests run them at a hundred times, vitest.config.ts).
vi.mock('@/server/env', async (original) => {
  const actual = await original<typeof EnvModule>();
  return { ...actual, env: { ...actual.env, RATE_LIMIT_SCALE: 1 } };
});

/** Sign-in attempts from one address are bounded: the answer past the allowance is 429, in Japanese, with Retry-After. */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
});
afterAll(async () => handle?.drop());

function signIn(address: string) {
  const headers = new Headers({
    host: 'localhost',
    origin: 'http://localhost',
    [CLIENT_ADDRESS_HEADER]: address,
  });
  headers.set('content-type', 'application/json');
  const request = new NextRequest('http://localhost/api/session', {
    method: 'POST',
    headers,
    body: JSON.stringify({ idToken: 'not-a-token' }),
  });
  // What app/[host]/api/session/route.ts does with a handler's error.
  return createSessionFromToken(request, mio, { db: handle.db, identity: firebaseIdentity }).catch(
    jsonFromError,
  );
}

describe('sign-in attempts per address', () => {
  it('are refused with 429 past the allowance, with a Japanese message and Retry-After; another address goes on', async () => {
    const { points, seconds } = RATE_LIMITS['session:address'];
    for (let i = 0; i < points; i += 1) expect((await signIn('192.0.2.10')).status).toBe(401);
    const refused = await signIn('192.0.2.10');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(seconds);
    expect(await refused.json()).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message: '操作の回数が多すぎます。しばらく時間をおいてから、もう一度お試しください。',
      },
    });
    expect((await signIn('192.0.2.11')).status).toBe(401);
  });
});

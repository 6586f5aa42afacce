import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '@/server/env';
import { createTestDb } from '@/test/db';
import { quickProof } from '@/test/proof';
import { demoSiteFile } from '@/test/site-fixtures';
import { members } from '@/server/db/schema';
import { jsonFromError } from '@/server/http/responses';
import { CLIENT_ADDRESS_HEADER } from '@/server/http/client-address';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import { RATE_LIMITS } from '@/server/rate-limit/limits';
import { upsertSite, type Site } from '@/features/site/server';
import type { IdentityProvider } from '@/features/auth/server/identity';
import { createSessionFromToken } from '@/features/auth/server/session-api';

// The limits at their real numbers here (the other tests run them at a hundred times, vitest.config.ts).
vi.mock('@/server/env', async (original) => {
  const actual = await original<typeof EnvModule>();
  return { ...actual, env: { ...actual.env, RATE_LIMIT_SCALE: 1 } };
});

/**
 * Limits that stop scripts, not crowds (issue 40): a crowd behind one carrier address gets in; an address that sends
 * tokens the provider refuses has every further sign-in cost a proof of work.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;

/** The provider, as far as sign-in asks it: a token `fan.<uid>.sig` is genuine, any other is refused. */
const identity: IdentityProvider = {
  verifyIdToken: async (_tenant, token) => {
    const uid = /^fan\.([\w-]+)\.sig$/.exec(token)?.[1];
    return uid ? { uid, email: `${uid}@example.jp`, authTime: new Date() } : null;
  },
  getAccount: async () => null,
  revokeSessions: async () => {},
};

const CROWD = 500;

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  // Members who joined already: their sign-in needs no proof of work unless their address asks for one.
  await handle.db
    .insert(members)
    .values(Array.from({ length: CROWD }, (_, i) => ({ siteId: mio.id, uid: `fan-${i}` })));
});
afterAll(async () => handle?.drop());

function signIn(address: string, idToken: string, proof?: string) {
  const headers = new Headers({
    host: 'localhost',
    origin: 'http://localhost',
    'content-type': 'application/json',
    [CLIENT_ADDRESS_HEADER]: address,
  });
  const request = new NextRequest('http://localhost/api/session', {
    method: 'POST',
    headers,
    body: JSON.stringify({ idToken, proof }),
  });
  // What app/[host]/api/session/route.ts does with a handler's error.
  return createSessionFromToken(request, mio, { db: handle.db, identity }).catch(jsonFromError);
}

describe('sign-ins from one carrier address', () => {
  it(`lets ${CROWD} members behind it in, each signing in within the same ten minutes`, async () => {
    const statuses = new Map<number, number>();
    for (let i = 0; i < CROWD; i += 1) {
      const { status } = await signIn('198.51.100.7', `fan.fan-${i}.sig`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: CROWD });
  });

  it('has every sign-in from an address that sent refused tokens cost a proof of work, the crowd’s too', async () => {
    const address = '2001:db8:77:1::1';
    const { points } = RATE_LIMITS['session-failure:address'];
    // A script trying tokens the provider refuses, rotating through its /64: one address all the same.
    for (let i = 0; i < points; i += 1) {
      expect((await signIn(`2001:db8:77:1::${(i + 2).toString(16)}`, `stolen.${i}.sig`)).status).toBe(401);
    }
    const asked = await signIn(address, 'stolen.next.sig');
    expect(asked.status).toBe(428);
    expect((await asked.json()).error.code).toBe('HUMAN_CHECK_REQUIRED');
    // A member behind the same address: asked for a proof, then in with one (the browser solves it and sends again).
    expect((await signIn(address, 'fan.fan-1.sig')).status).toBe(428);
    expect((await signIn(address, 'fan.fan-1.sig', await quickProof(mio.id))).status).toBe(200);
    // A proof is spent once: the script cannot reuse the member's.
    const proof = await quickProof(mio.id);
    expect((await signIn(address, 'stolen.a.sig', proof)).status).toBe(401);
    expect((await signIn(address, 'stolen.b.sig', proof)).status).toBe(403);
    // Another /64 is not slowed.
    expect((await signIn('2001:db8:77:2::1', 'fan.fan-2.sig')).status).toBe(200);
  });

  it('refuses past the address backstop with 429, in Japanese, with Retry-After', async () => {
    const { points, seconds } = RATE_LIMITS['session:address'];
    await consumeRateLimit(handle.db, 'session:address', '192.0.2.10', { cost: points });
    const refused = await signIn('192.0.2.10', 'fan.fan-3.sig');
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
  });
});

describe('sign-up steps from one carrier address', () => {
  it(`let ${CROWD} fans behind it save every step of a sign-up, counted per account first`, async () => {
    // Each fan's eight saves counted at once (`cost`): the same counts as eight requests, in an eighth of the time.
    const steps = 8;
    for (let i = 0; i < CROWD; i += 1) {
      await consumeRateLimit(handle.db, 'signup:account', `${mio.id}:joiner-${i}`, { cost: steps });
      await consumeRateLimit(handle.db, 'signup:address', '198.51.100.8', { cost: steps });
    }
    // One account going on alone is stopped by its own count, not by the address's.
    const { points } = RATE_LIMITS['signup:account'];
    await consumeRateLimit(handle.db, 'signup:account', `${mio.id}:joiner-0`, { cost: points - steps });
    await expect(consumeRateLimit(handle.db, 'signup:account', `${mio.id}:joiner-0`)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });
});

import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '@/server/db/schema';
import { jsonFromError } from '@/server/http/responses';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { upsertSite, type Site } from '@/features/site/server';
import type { IdentityProvider } from '@/features/auth/server/identity';
import { SESSION_COOKIE } from '@/features/auth/server/cookie';
import { createSession } from '@/features/auth/server/sessions';
import { REVERIFY_AFTER_MS } from '@/features/auth/server/resolve-viewer';
import {
  createSessionFromToken,
  endSessions,
  readSession,
  type SessionHandler,
} from '@/features/auth/server/session-api';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';

/**
 * The session API while the identity provider is frozen (SIGSTOP): it accepts each call and never answers. Every
 * request must still be answered within the provider timeout: sign-in with a Japanese "try again" (503 and
 * Retry-After), a signed-in member's check with their session, sign-out with the session ended.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let site: Site;

beforeAll(async () => {
  handle = await createTestDb();
  site = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
});
afterAll(async () => handle?.drop());
afterEach(() => {
  vi.useRealTimers();
});

function frozenProvider() {
  let calls = 0;
  const never = () => {
    calls += 1;
    return new Promise<never>(() => {});
  };
  const identity: IdentityProvider = { verifyIdToken: never, getAccount: never, revokeSessions: never };
  /** Settles once the provider has been asked `count` times (setImmediate stays real under the fake timers). */
  const asked = async (count: number) => {
    while (calls < count) await new Promise((resolve) => setImmediate(resolve));
  };
  return { identity, asked };
}

function request(method: string, options: { cookie?: string; body?: string } = {}): NextRequest {
  const headers = new Headers({ host: 'localhost', origin: 'http://localhost' });
  if (options.cookie) headers.set('cookie', `${SESSION_COOKIE}=${options.cookie}`);
  if (options.body) headers.set('content-type', 'application/json');
  return new NextRequest('http://localhost/api/session', { method, headers, body: options.body });
}

/**
 * Calls the handler as app/[host]/api/session/route.ts does (its thrown AppError becomes the answer), with the
 * provider frozen: the clock moves by the provider timeout once the provider has been asked `calls` times.
 */
async function answerWhileFrozen(
  handler: SessionHandler,
  req: NextRequest,
  calls: number,
  timeoutMs: number,
) {
  const { identity, asked } = frozenProvider();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const answer = handler(req, site, { db: handle.db, identity }).catch(jsonFromError);
  await asked(calls);
  await vi.advanceTimersByTimeAsync(timeoutMs);
  return answer;
}

async function memberSession(uid: string, lastCheckedAgoMs: number): Promise<string> {
  const checkedAt = new Date(Date.now() - lastCheckedAgoMs);
  const { token } = await createSession(
    handle.db,
    { siteId: site.id, uid, email: `${uid}@example.com`, authTime: checkedAt },
    checkedAt,
  );
  return token;
}

describe('the session API with a frozen identity provider', () => {
  it('sign-in answers 503 with Retry-After and a Japanese "try again", and opens no session', async () => {
    const body = JSON.stringify({ idToken: 'header.payload.signature' });
    const response = await answerWhileFrozen(
      createSessionFromToken,
      request('POST', { body }),
      1,
      IDENTITY_TIMEOUT_MS.signIn,
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('10');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({
      error: {
        code: 'AUTH_UNAVAILABLE',
        message: '認証サーバーに接続できませんでした。時間をおいて再度お試しください。',
      },
    });
  });

  it("a member's session due for its re-check is still answered, from the session", async () => {
    const cookie = await memberSession('frozen-read', REVERIFY_AFTER_MS + 1_000);
    const response = await answerWhileFrozen(
      readSession,
      request('GET', { cookie }),
      1,
      IDENTITY_TIMEOUT_MS.recheck,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ uid: 'frozen-read', email: 'frozen-read@example.com' });
  });

  it('sign-out still ends every session of the member; the account state is unknown', async () => {
    const cookie = await memberSession('frozen-out', 0);
    await memberSession('frozen-out', 0); // another device
    const response = await answerWhileFrozen(
      endSessions,
      request('DELETE', { cookie }),
      2,
      IDENTITY_TIMEOUT_MS.admin,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedOut: true, account: 'unknown' });
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const rows = await handle.db.select().from(sessions).where(eq(sessions.uid, 'frozen-out'));
    expect(rows).toHaveLength(0);
  });
});

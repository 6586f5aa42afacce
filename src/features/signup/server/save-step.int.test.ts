import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { members } from '@/server/db/schema';
import { randomUUID } from 'node:crypto';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { upsertSite, type Site } from '@/features/site/server';
import { createSession, SESSION_COOKIE } from '@/features/auth/server';

/**
 * The page that made a fan join is kept with their sign-up progress (issue 21): each step's save takes the flow's
 * `?next=` and writes it on the member row, so that the complete step leads back to it even from another browser.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
vi.mock('@/server/db', () => ({ getDb: async () => handle.db }));
vi.mock('@/features/site/server/site', () => ({ getSite: async () => mio }));
const { saveSignUpStep } = await import('@/features/signup/server/save-step');

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
});
afterAll(async () => handle?.drop());

async function signedIn(): Promise<{ uid: string; token: string }> {
  const uid = `fan-${randomUUID()}`;
  // A real session of the site (the session's own rules are the auth feature's tests).
  const { token } = await createSession(handle.db, {
    siteId: mio.id,
    uid,
    email: `${uid}@example.com`,
    authTime: new Date(),
  });
  // Agreed to the current terms and privacy policy at the account step, as every sign-up has (decision 0027).
  await handle.db
    .insert(members)
    .values({ siteId: mio.id, uid, termsVersion: 1, privacyVersion: 1, consentedAt: new Date() });
  return { uid, token };
}

function save(step: string, token: string, body: unknown, next?: string) {
  const query = next === undefined ? '' : `?next=${encodeURIComponent(next)}`;
  const request = new NextRequest(`http://localhost/api/signup/${step}${query}`, {
    method: 'POST',
    headers: {
      host: 'localhost',
      origin: 'http://localhost',
      'content-type': 'application/json',
      cookie: `${SESSION_COOKIE}=${token}`,
    },
    body: JSON.stringify(body),
  });
  return saveSignUpStep(request, { params: Promise.resolve({ host: 'localhost', step }) });
}

async function returnPathOf(uid: string): Promise<string | null | undefined> {
  const [row] = await handle.db
    .select({ path: members.signupReturnPath })
    .from(members)
    .where(eq(members.uid, uid));
  return row?.path;
}

describe('POST /api/signup/[step] keeps the page to come back to', () => {
  it('stores a page of the site with the progress, and a later step without next keeps it', async () => {
    const fan = await signedIn();
    expect((await save('nickname', fan.token, { nickname: 'ミオ推し' }, '/blog/abc')).status).toBe(200);
    expect(await returnPathOf(fan.uid)).toBe('/blog/abc');
    const profile = {
      familyName: '佐藤',
      givenName: '花子',
      familyNameKana: 'サトウ',
      givenNameKana: 'ハナコ',
      birthday: '1990-01-01',
      phone: '090-1234-5678',
    };
    expect((await save('profile', fan.token, profile)).status).toBe(200);
    expect(await returnPathOf(fan.uid)).toBe('/blog/abc');
  });

  it('ignores a next that leaves the site or loops into the flow, and keeps what was stored', async () => {
    const fan = await signedIn();
    await save('nickname', fan.token, { nickname: 'ミオ推し' }, '/photo/1');
    for (const next of [
      'https://evil.example/blog/1',
      '//evil.example',
      '/\\evil.example',
      '/signup/complete',
    ]) {
      expect((await save('nickname', fan.token, { nickname: 'ミオ推し' }, next)).status).toBe(200);
    }
    expect(await returnPathOf(fan.uid)).toBe('/photo/1');
  });

  it('writes nothing when the step itself is refused', async () => {
    const fan = await signedIn();
    const refused = await save('nickname', fan.token, { nickname: '' }, '/blog/abc');
    expect(refused.status).toBe(422);
    expect(await returnPathOf(fan.uid)).toBeFalsy();
  });
});

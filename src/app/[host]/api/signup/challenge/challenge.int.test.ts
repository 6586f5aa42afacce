import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { members, sessions, spentChallenges, staffMembers } from '@/server/db/schema';
import { tenantAuth } from '@/server/firebase-admin';
import { PROOF_OF_WORK } from '@/server/proof-of-work/challenges';
import { solveProof } from '@/server/proof-of-work/solve';
import { decodeProof, encodeProof, type ProofPayload } from '@/lib/proof-of-work';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { createTestUser, signInWithPassword, type TestUser } from '@/test/auth-emulator';
import { quickProof } from '@/test/proof';
import { upsertSite, type Site } from '@/features/site/server';
import { firebaseIdentity } from '@/features/auth/server';
import { createSessionFromToken } from '@/features/auth/app';

/**
 * The sign-up's proof of work end to end on the server (docs/decisions/0024): GET /api/signup/challenge, and the
 * session endpoint the account step calls, with the real Auth emulator and a real database. A new account opens its
 * session only with a solved, unexpired, unused challenge of its own site; an account the site knows needs none.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
vi.mock('@/server/db', () => ({ getDb: async () => handle.db }));
vi.mock('@/features/site/server/site', () => ({ getSite: async () => mio }));
const { GET } = await import('./route');

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  await tenantAuth(mio.config.TENANT_ID).listUsers(1);
});
afterAll(async () => handle?.drop());

async function getChallenge(): Promise<{ response: Response; challenge: Challenge }> {
  const request = new NextRequest('http://localhost/api/signup/challenge', {
    headers: { host: 'localhost' },
  });
  const response = await GET(request, { params: Promise.resolve({ host: 'localhost' }) });
  return { response, challenge: (await response.clone().json()) as Challenge };
}

async function postSession(user: TestUser, proof?: string): Promise<Response> {
  const { idToken } = await signInWithPassword(user);
  const request = new NextRequest('http://localhost/api/session', {
    method: 'POST',
    headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' },
    body: JSON.stringify(proof === undefined ? { idToken } : { idToken, proof }),
  });
  return createSessionFromToken(request, mio, { db: handle.db, identity: firebaseIdentity });
}

const newUser = () => createTestUser(mio.config.TENANT_ID);
const sessionRows = (uid: string) => handle.db.select().from(sessions).where(eq(sessions.uid, uid));
const HUMAN_CHECK = 'ロボットでないことを確認できませんでした。もう一度お試しください。';

async function expectRefused(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error: { code, message: HUMAN_CHECK } });
  expect(response.headers.get('set-cookie')).toBeNull();
}

describe('GET /api/signup/challenge', () => {
  it('answers a new signed challenge of the site each time, never stored', async () => {
    const first = await getChallenge();
    const again = await getChallenge();
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('cache-control')).toBe('private, no-store');
    expect(first.challenge.parameters).toMatchObject({
      algorithm: PROOF_OF_WORK.algorithm,
      cost: PROOF_OF_WORK.cost,
      data: { site: mio.id },
    });
    expect(first.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(again.challenge.signature).not.toBe(first.challenge.signature);
    expect(again.challenge.parameters.nonce).not.toBe(first.challenge.parameters.nonce);
  });
});

describe('the session of a new account (the account step)', () => {
  it('is refused without a proof (428, in Japanese), and nothing is written', async () => {
    const user = await newUser();
    await expectRefused(await postSession(user), 428, 'HUMAN_CHECK_REQUIRED');
    expect(await sessionRows(user.uid)).toEqual([]);
  });

  it("opens with the endpoint's challenge solved; the same solution is refused for another account", async () => {
    const { challenge } = await getChallenge();
    const proof = await solveProof(challenge);
    const user = await newUser();
    const opened = await postSession(user, proof);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('set-cookie')).toMatch(/__Host-fc_session=/);
    expect(await sessionRows(user.uid)).toHaveLength(1);
    const spent = await handle.db
      .select()
      .from(spentChallenges)
      .where(eq(spentChallenges.signature, challenge.signature!));
    expect(spent).toHaveLength(1);
    // Its session proves it: another sign-in of the account (a second device) needs no new proof.
    expect((await postSession(user)).status).toBe(200);

    const next = await newUser();
    await expectRefused(await postSession(next, proof), 403, 'HUMAN_CHECK_FAILED');
    expect(await sessionRows(next.uid)).toEqual([]);
  });

  it('is refused with a wrong solution, an expired challenge, or a challenge of another site', async () => {
    const { challenge, solution } = decodeProof(await quickProof(mio.id)) as ProofPayload;
    const wrong = encodeProof({ challenge, solution: { ...solution, counter: solution.counter + 7 } });
    const longAgo = new Date(Date.now() - (PROOF_OF_WORK.expiresInSeconds + 5) * 1000);
    const expired = await quickProof(mio.id, { now: longAgo });
    const otherSite = await quickProof(second.id);
    for (const proof of [wrong, expired, otherSite, 'bm90IGEgcHJvb2Y=']) {
      const user = await newUser();
      await expectRefused(await postSession(user, proof), 403, 'HUMAN_CHECK_FAILED');
      expect(await sessionRows(user.uid)).toEqual([]);
    }
  });
});

describe('the session of an account the site knows', () => {
  it('opens without a proof for a member (a sign-up under way or done) and for staff', async () => {
    const member = await newUser();
    await handle.db.insert(members).values({ siteId: mio.id, uid: member.uid, email: member.email });
    expect((await postSession(member)).status).toBe(200);

    const staff = await newUser();
    await handle.db.insert(staffMembers).values({
      siteId: mio.id,
      uid: staff.uid,
      email: staff.email,
      displayName: 'スタッフ',
      role: 'editor',
    });
    expect((await postSession(staff)).status).toBe(200);
  });

  it('an expired session of the account does not make it known', async () => {
    const user = await newUser();
    const past = new Date(Date.now() - 60_000);
    await handle.db.insert(sessions).values({
      idHash: `expired-${user.uid}`,
      siteId: mio.id,
      uid: user.uid,
      authTime: past,
      expiresAt: past,
    });
    await expectRefused(await postSession(user), 428, 'HUMAN_CHECK_REQUIRED');
  });
});

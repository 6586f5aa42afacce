import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, members, sessions, spentChallenges } from '@/server/db/schema';
import { tenantAuth } from '@/server/firebase-admin';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { quickProof } from '@/test/proof';
import { createTestUser, signInWithPassword } from '@/test/auth-emulator';
import { findLegalDocument, upsertSite, type Site } from '@/features/site/server';
import { firebaseIdentity } from '@/features/auth/server';
import { createSessionFromToken } from '@/features/auth/app';
import { findMember } from '@/features/membership/server';
import { actorOf } from '@/features/staff/testing';
import { saveLegalDocument } from '@/features/consent/staff/server/legal';
import { publishNewVersion } from '@/features/consent/staff/server/versions';
import { needsConsent } from '@/features/consent/versions';
import { currentVersions } from '@/features/consent/server/current';
import { recordConsent } from '@/features/consent/server/record';
import { assertSignUpConsent } from '@/features/consent/server/gate';
import { consentAtSignUp } from '@/features/consent/server/at-sign-up';

/** Versions of the terms, the agreement recorded with the member, and the refusals (decision 0027). */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  await tenantAuth(mio.config.TENANT_ID).listUsers(1);
});
afterAll(async () => handle?.drop());

const versionsOf = async (site: Site) => {
  const current = await currentVersions(handle.db, site);
  return { terms: current.terms?.version ?? null, privacy: current.privacy?.version ?? null };
};

describe('versions of the terms', () => {
  it('start at 1; a plain save keeps the version, publishing a new one raises it (audited), on that site only', async () => {
    expect(await versionsOf(mio)).toEqual({ terms: 1, privacy: 1 });
    const editor = actorOf(mio.id, 'editor');
    const terms = (await findLegalDocument(handle.db, mio.id, 'terms'))!;
    await saveLegalDocument(handle.db, editor, mio, 'terms', { ...terms, title: '利用規約（誤字修正）' });
    expect(await versionsOf(mio)).toEqual({ terms: 1, privacy: 1 });

    const published = await publishNewVersion(handle.db, editor, mio, 'terms');
    expect(published.version).toBe(2);
    expect(await versionsOf(mio)).toEqual({ terms: 2, privacy: 1 });
    expect(await versionsOf(second)).toEqual({ terms: 1, privacy: 1 });
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, mio.id), eq(auditLog.action, 'legal.publish_version')));
    expect(audit).toMatchObject({ targetId: 'terms', before: { version: 1 }, after: { version: 2 } });
  });

  it('are published by editors and owners only, for the terms and privacy policy only', async () => {
    await expect(
      publishNewVersion(handle.db, actorOf(mio.id, 'support'), mio, 'terms'),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(publishNewVersion(handle.db, actorOf(mio.id, 'owner'), mio, 'psa')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // Another site's staff reach nothing here.
    await expect(
      publishNewVersion(handle.db, actorOf(second.id, 'owner'), mio, 'terms'),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await versionsOf(mio)).toEqual({ terms: 2, privacy: 1 });
  });
});

describe('the agreement', () => {
  it('is recorded with the member (versions and time); a new version asks again', async () => {
    const account = { uid: 'uid-agree', email: 'agree@example.jp' };
    expect(needsConsent(await currentVersions(handle.db, mio), null)).toBe(true);
    const before = Date.now();
    const member = await recordConsent(handle.db, mio, account, await versionsOf(mio));
    expect(member).toMatchObject({ termsVersion: 2, privacyVersion: 1, email: 'agree@example.jp' });
    expect(member.consentedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(needsConsent(await currentVersions(handle.db, mio), member)).toBe(false);

    await publishNewVersion(handle.db, actorOf(mio.id, 'owner'), mio, 'privacy');
    expect(needsConsent(await currentVersions(handle.db, mio), member)).toBe(true);
    // Asked again (My page, the step pages), but a sign-up half-way through is not stopped by it.
    await expect(assertSignUpConsent(handle.db, mio, member, 'profile')).resolves.toBeUndefined();
  });

  it('to a version that is not the current one is refused, and changes nothing', async () => {
    const account = { uid: 'uid-agree', email: 'agree@example.jp' };
    const stored = await findMember(handle.db, mio.id, account.uid);
    await expect(recordConsent(handle.db, mio, account, { terms: 2, privacy: 1 })).rejects.toMatchObject({
      code: 'CONSENT_OUTDATED',
      status: 409,
    });
    await expect(recordConsent(handle.db, mio, account, { terms: 3, privacy: 2 })).rejects.toMatchObject({
      code: 'CONSENT_OUTDATED',
    });
    expect(await findMember(handle.db, mio.id, account.uid)).toEqual(stored);
    const again = await recordConsent(handle.db, mio, account, await versionsOf(mio));
    expect(again).toMatchObject({ termsVersion: 2, privacyVersion: 2 });
    expect(needsConsent(await currentVersions(handle.db, mio), again)).toBe(false);
  });

  it('is needed before any sign-up step from the site’s consent step on', async () => {
    await expect(assertSignUpConsent(handle.db, mio, null, 'nickname')).rejects.toMatchObject({
      code: 'CONSENT_REQUIRED',
      status: 422,
    });
    const later = { ...mio, config: { ...mio.config, TERMS_CONSENT_STEP: 'address' as const } };
    await expect(assertSignUpConsent(handle.db, later, null, 'nickname')).resolves.toBeUndefined();
    await expect(assertSignUpConsent(handle.db, later, null, 'address')).rejects.toMatchObject({
      code: 'CONSENT_REQUIRED',
    });
  });
});

describe('the sign-up session', () => {
  const deps = () => ({ db: handle.db, identity: firebaseIdentity, consent: consentAtSignUp });
  const post = (body: object) =>
    new NextRequest('http://localhost/api/session', {
      method: 'POST',
      headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const spent = async () => (await handle.db.select().from(spentChallenges)).length;

  it('is refused without the box ticked (422) or for an older version (409), before anything is written', async () => {
    const user = await createTestUser(mio.config.TENANT_ID);
    const { idToken } = await signInWithPassword(user);
    const current = await versionsOf(mio);
    const spentBefore = await spent();
    for (const [consent, status, code] of [
      [{ ...current, agreed: false }, 422, 'CONSENT_REQUIRED'],
      [{ ...current, terms: 1, agreed: true }, 409, 'CONSENT_OUTDATED'],
    ] as const) {
      const response = await createSessionFromToken(
        post({ idToken, proof: await quickProof(mio.id), consent }),
        mio,
        deps(),
      );
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message).toMatch(/同意|更新/);
    }
    expect(await spent()).toBe(spentBefore);
    expect(await findMember(handle.db, mio.id, user.uid)).toBeNull();
    expect(await handle.db.select().from(sessions).where(eq(sessions.uid, user.uid))).toHaveLength(0);
  });

  it('with the agreement makes the session and the member with the versions agreed to', async () => {
    const user = await createTestUser(mio.config.TENANT_ID);
    const { idToken } = await signInWithPassword(user);
    const consent = { ...(await versionsOf(mio)), agreed: true };
    const response = await createSessionFromToken(
      post({ idToken, proof: await quickProof(mio.id), consent }),
      mio,
      deps(),
    );
    expect(response.status).toBe(200);
    const [member] = await handle.db.select().from(members).where(eq(members.uid, user.uid));
    expect(member).toMatchObject({ siteId: mio.id, termsVersion: 2, privacyVersion: 2, email: user.email });
    expect(member!.consentedAt).toBeInstanceOf(Date);
  });
});

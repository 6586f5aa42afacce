import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { isAppError } from '@/lib/errors';
import { auditLog } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { memberStatus } from '@/features/membership/server';
import { grantComplimentary, revokeGrant } from '@/features/billing/staff/members/server/grants';
import { actorOf } from '@/features/staff/testing';
import { addMember } from '@/features/membership/testing';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
/** 21:00 JST on 22 November 2026. */
const now = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
});
afterAll(async () => handle?.drop());

const codeOf = (error: unknown) => (isAppError(error) ? error.code : error);

describe('grantComplimentary', () => {
  it('makes a guest premium until the end of the day in Japan time, with its audit row', async () => {
    const member = await addMember(handle.db, mio.id, { nickname: '付与される人', number: 1 });
    const actor = actorOf(mio.id, 'support');
    const result = await grantComplimentary(handle.db, actor, member.id, { endsOn: '2026-12-31' }, now);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.grant.endsAt.toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(result.grant.grantedBy).toBe(actor.uid);
    expect(await memberStatus(handle.db, member.id, now)).toBe('premium');
    expect(await memberStatus(handle.db, member.id, new Date('2026-12-31T14:59:59Z'))).toBe('premium');
    expect(await memberStatus(handle.db, member.id, new Date('2026-12-31T15:00:00Z'))).toBe('guest');

    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.grant'), eq(auditLog.targetId, member.id)));
    expect(audit).toMatchObject({
      siteId: mio.id,
      actorUid: actor.uid,
      actorRole: 'support',
      targetType: 'member',
      before: { runningGrants: [] },
      after: { endsOn: '2026-12-31', grant: { id: result.grant.id, endsAt: '2026-12-31T15:00:00.000Z' } },
    });

    // Revoking ends it now, with its own audit row; a second revoke is a conflict.
    await revokeGrant(handle.db, actor, member.id, result.grant.id, now);
    expect(await memberStatus(handle.db, member.id, now)).toBe('guest');
    const [revoked] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.revoke_grant'), eq(auditLog.targetId, member.id)));
    expect(revoked?.before).toMatchObject({ grant: { id: result.grant.id, revokedAt: null } });
    expect(revoked?.after).toMatchObject({ grant: { id: result.grant.id, revokedAt: now.toISOString() } });
    const again = await revokeGrant(handle.db, actor, member.id, result.grant.id, now).catch(
      (e: unknown) => e,
    );
    expect(codeOf(again)).toBe('CONFLICT');
  });

  it('refuses a date that is not tomorrow or later, more than two years ahead, or not a date', async () => {
    const member = await addMember(handle.db, mio.id, { nickname: '日付', number: 2 });
    const actor = actorOf(mio.id, 'owner');
    const cases: [unknown, string][] = [
      [{ endsOn: '2026-11-22' }, '終了日は明日以降の日付を指定してください。'],
      [{ endsOn: '2025-01-01' }, '終了日は明日以降の日付を指定してください。'],
      [{ endsOn: '2028-11-22' }, '終了日は2年以内の日付を指定してください。'],
      [{ endsOn: '2027-02-30' }, '終了日を正しい日付で入力してください。'],
      [{ endsOn: 'あした' }, '終了日を正しい日付で入力してください。'],
      [{}, '終了日を入力してください。'],
      [null, '終了日を入力してください。'],
    ];
    for (const [body, message] of cases) {
      const result = await grantComplimentary(handle.db, actor, member.id, body, now);
      expect(result, JSON.stringify(body)).toEqual({ ok: false, issues: [{ path: ['endsOn'], message }] });
    }
    expect((await grantComplimentary(handle.db, actor, member.id, { endsOn: '2026-11-23' }, now)).ok).toBe(
      true,
    );
    expect((await grantComplimentary(handle.db, actor, member.id, { endsOn: '2028-11-20' }, now)).ok).toBe(
      true,
    );
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.targetId, member.id));
    expect(audits).toHaveLength(2);
  });

  it('refuses an editor, and another site’s staff finds no such member', async () => {
    const member = await addMember(handle.db, mio.id, { nickname: '守られる人', number: 3 });
    const editor = await grantComplimentary(
      handle.db,
      actorOf(mio.id, 'editor'),
      member.id,
      { endsOn: '2026-12-31' },
      now,
    ).catch((e: unknown) => e);
    expect(codeOf(editor)).toBe('FORBIDDEN');
    const otherOwner = await grantComplimentary(
      handle.db,
      actorOf(second.id, 'owner'),
      member.id,
      { endsOn: '2026-12-31' },
      now,
    ).catch((e: unknown) => e);
    expect(codeOf(otherOwner)).toBe('NOT_FOUND');
    const malformed = await grantComplimentary(handle.db, actorOf(mio.id), 'not-a-uuid', {}, now).catch(
      (e: unknown) => e,
    );
    expect(codeOf(malformed)).toBe('NOT_FOUND');
    expect(await memberStatus(handle.db, member.id, now)).toBe('guest');
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.targetId, member.id))).toEqual([]);
  });

  it('a revoke by an editor, by another site, or of another member’s grant changes nothing', async () => {
    const member = await addMember(handle.db, mio.id, { nickname: '取り消し', number: 4 });
    const bystander = await addMember(handle.db, mio.id, { nickname: '別の会員', number: 5 });
    const result = await grantComplimentary(
      handle.db,
      actorOf(mio.id),
      member.id,
      { endsOn: '2027-01-31' },
      now,
    );
    if (!result.ok) throw new Error('grant failed');
    const attempts = [
      revokeGrant(handle.db, actorOf(mio.id, 'editor'), member.id, result.grant.id, now),
      revokeGrant(handle.db, actorOf(second.id, 'owner'), member.id, result.grant.id, now),
      revokeGrant(handle.db, actorOf(mio.id), bystander.id, result.grant.id, now),
      revokeGrant(handle.db, actorOf(mio.id), member.id, 'nope', now),
    ];
    const codes = await Promise.all(attempts.map((a) => a.then(() => 'OK', codeOf)));
    expect(codes).toEqual(['FORBIDDEN', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
    expect(await memberStatus(handle.db, member.id, now)).toBe('premium');
  });
});

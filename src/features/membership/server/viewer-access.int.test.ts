import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { sql } from 'drizzle-orm';
import { executeRows } from '@/server/db/raw';
import { sandboxClocks } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { createSession } from '@/features/auth/server';
import { memberStatus } from '@/features/membership/server/members';
import { findViewerAccess } from '@/features/membership/server/viewer-access';
import { hasPremiumSql, inPremiumSetSql } from '@/features/membership/server/access-sql';
import { addMember, addPlan, type MemberSpec } from '@/features/membership/server/test-fixtures';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
const now = new Date('2026-11-22T12:00:00Z');
const future = new Date('2026-12-22T12:00:00Z');
const past = new Date('2026-11-01T00:00:00Z');
/** Each member with the token of a session of theirs on mio. */
const sessions: { nickname: string; memberId: string; token: string }[] = [];

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  const planId = (await addPlan(handle.db, mio.id, 'monthly', '月額会員')).id;
  const sub = (status: 'active' | 'trialing' | 'canceled' | 'past_due', end: Date, cancel = false) => ({
    planId,
    status,
    periodEnd: end,
    cancelAtPeriodEnd: cancel,
  });
  const specs: MemberSpec[] = [
    { nickname: '有効', subscription: sub('active', future) },
    { nickname: 'トライアル', subscription: sub('trialing', future) },
    { nickname: '退会予定', subscription: sub('active', future, true) },
    { nickname: '解約済み期間内', subscription: sub('canceled', future) },
    { nickname: '期限切れ', subscription: sub('canceled', past) },
    { nickname: '支払い遅延', subscription: sub('past_due', future) },
    { nickname: '付与のみ', grants: [{ endsAt: future }] },
    { nickname: '取り消し済み付与', grants: [{ endsAt: future, revokedAt: past }] },
    { nickname: '入会手続き中' },
  ];
  for (const spec of specs) {
    const member = await addMember(handle.db, mio.id, spec);
    const { token } = await createSession(
      handle.db,
      { siteId: mio.id, uid: member.uid, email: null, authTime: now },
      now,
    );
    sessions.push({ nickname: spec.nickname, memberId: member.id, token });
  }
});
afterAll(async () => handle?.drop());

const access = (token: string, at: Date, siteId = mio.id, sandboxClock = false) =>
  findViewerAccess(handle.db, siteId, token, { sandboxClock }, at);

describe('findViewerAccess', () => {
  it('gives every member the level memberStatus gives', async () => {
    for (const { nickname, memberId, token } of sessions) {
      expect((await access(token, now))?.level, nickname).toBe(await memberStatus(handle.db, memberId, now));
    }
    expect((await access(sessions[0]!.token, now))?.level).toBe('premium');
  });

  it('follows the sandbox clock, as SandboxProvider.now does, member by member', async () => {
    const offsetMs = 40 * 24 * 60 * 60 * 1000;
    await handle.db.insert(sandboxClocks).values({ siteId: mio.id, offsetMs });
    const billingTime = new Date(now.getTime() + offsetMs);
    for (const { nickname, memberId, token } of sessions) {
      const expected = await memberStatus(handle.db, memberId, billingTime);
      expect((await access(token, now, mio.id, true))?.level, nickname).toBe(expected);
    }
    const leaving = sessions.find((s) => s.nickname === '退会予定')!.token;
    expect((await access(leaving, now, mio.id, true))?.level).toBe('guest');
    // Without the sandbox (Stripe), the real time counts.
    expect((await access(leaving, now, mio.id, false))?.level).toBe('premium');
  });

  it('answers premium in SQL, per member and for a whole list, as memberStatus does, member by member', async () => {
    for (const at of [past, now, future]) {
      const value = sql`${at.toISOString()}::timestamptz`;
      const rows = await executeRows<{ id: string; each: boolean; listed: boolean }>(
        handle.db,
        sql`select m.id, ${hasPremiumSql(sql`m.id`, value)} as each, ${inPremiumSetSql(sql`m.id`, value)} as listed
              from members m where m.site_id = ${mio.id}`,
      );
      for (const { nickname, memberId } of sessions) {
        const row = rows.find((r) => r.id === memberId)!;
        const premium = (await memberStatus(handle.db, memberId, at)) === 'premium';
        expect({ each: row.each, listed: row.listed }, `${nickname} ${at.toISOString()}`).toEqual({
          each: premium,
          listed: premium,
        });
      }
    }
  });

  it('opens nothing for a made-up, expired or other site token', async () => {
    const { token } = sessions[0]!;
    expect(await access('x'.repeat(43), now)).toBeNull();
    expect(await access('not a token', now)).toBeNull();
    expect(await access(token, new Date(now.getTime() + 15 * 24 * 60 * 60 * 1000))).toBeNull();
    expect(await access(token, now, second.id)).toBeNull();
  });

  it('is one round trip', async () => {
    const { countQueries } = await import('@/server/db/query-count');
    const count = { queries: 0 };
    await countQueries(count, () => access(sessions[0]!.token, now));
    expect(count.queries).toBe(1);
  });
});

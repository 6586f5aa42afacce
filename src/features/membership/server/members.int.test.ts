import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { complimentaryGrants, plans, subscriptions } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import {
  ensureMember,
  findMember,
  formatMemberNumber,
  joinMember,
  memberStatus,
} from '@/features/membership/server/members';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
});
afterAll(async () => handle?.drop());

describe('members', () => {
  it('are one row per provider user and site, created once', async () => {
    const first = await ensureMember(handle.db, mio.id, 'uid-once');
    const again = await ensureMember(handle.db, mio.id, 'uid-once');
    const elsewhere = await ensureMember(handle.db, second.id, 'uid-once');
    expect(again.id).toBe(first.id);
    expect(elsewhere.id).not.toBe(first.id);
    expect(first.memberNumber).toBeNull();
  });

  it('get their number once, when they join', async () => {
    const member = await ensureMember(handle.db, second.id, 'uid-join');
    const number = await joinMember(handle.db, member.id);
    expect(await joinMember(handle.db, member.id)).toBe(number);
    const joined = await findMember(handle.db, second.id, 'uid-join');
    expect(joined?.memberNumber).toBe(number);
    expect(joined?.joinedAt).toBeInstanceOf(Date);
  });

  it('numbers are unique and without gaps within a site under 200 concurrent joins', async () => {
    const site = (
      await upsertSite(handle.db, { ...demoSiteFile('mio'), slug: 'numbers', hosts: ['numbers.localhost'] })
    ).site;
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, i) => ensureMember(handle.db, site.id, `uid-${i}`)),
    );
    const numbers = await Promise.all(created.map((member) => joinMember(handle.db, member.id)));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it('are shown zero-padded', () => {
    expect(formatMemberNumber(7)).toBe('000007');
    expect(formatMemberNumber(1234567)).toBe('1234567');
  });
});

describe('memberStatus', () => {
  it('follows the subscription and the staff grant, never a stored flag', async () => {
    const member = await ensureMember(handle.db, mio.id, 'uid-status');
    const now = new Date('2026-11-22T12:00:00Z');
    expect(await memberStatus(handle.db, member.id, now)).toBe('guest');

    const [plan] = await handle.db
      .insert(plans)
      .values({ siteId: mio.id, code: 'monthly', name: '月額プラン', interval: 'month', priceYen: 550 })
      .returning();
    await handle.db.insert(subscriptions).values({
      siteId: mio.id,
      memberId: member.id,
      planId: plan!.id,
      provider: 'sandbox',
      providerSubscriptionId: 'sub_status',
      status: 'canceled',
      currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
    });
    expect(await memberStatus(handle.db, member.id, now)).toBe('premium');
    expect(await memberStatus(handle.db, member.id, new Date('2026-12-01T00:00:00Z'))).toBe('guest');

    await handle.db.insert(complimentaryGrants).values({
      siteId: mio.id,
      memberId: member.id,
      endsAt: new Date('2027-01-01T00:00:00Z'),
      grantedBy: 'owner',
    });
    expect(await memberStatus(handle.db, member.id, new Date('2026-12-15T00:00:00Z'))).toBe('premium');
  });
});

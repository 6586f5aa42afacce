import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { isAppError } from '@/lib/errors';
import { upsertSite, type Site } from '@/features/site/server';
import { memberStatus } from '@/features/membership/server';
import { parseMemberFilter, type MemberFilter } from '@/features/billing/staff/members/schemas';
import { isPremiumStatus, type StaffMemberStatus } from '@/features/billing/staff/members/status';
import { allMembers, listMembers, sitePlans } from '@/features/billing/staff/members/server/list';
import { actorOf } from '@/features/staff/testing';
import { addMember, addPlan, type MemberSpec } from '@/features/membership/testing';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
const now = new Date('2026-11-22T12:00:00Z');
const future = new Date('2026-12-22T12:00:00Z');
const past = new Date('2026-11-01T00:00:00Z');
let monthly: string;
let retired: string;

/** Every state a member can be in, with the staff status expected for it. */
let states: [StaffMemberStatus, MemberSpec][];

const filter = (values: Partial<MemberFilter> = {}): MemberFilter => ({
  q: '',
  status: null,
  planId: null,
  page: 1,
  ...values,
});

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  monthly = (await addPlan(handle.db, mio.id, 'monthly', '月額会員')).id;
  retired = (await addPlan(handle.db, mio.id, 'old', '旧プラン', false)).id;
  const sub = (
    status: NonNullable<MemberSpec['subscription']>['status'],
    periodEnd: Date | null,
    cancel = false,
  ) => ({
    planId: monthly,
    status,
    periodEnd,
    cancelAtPeriodEnd: cancel,
  });
  states = [
    ['premium', { nickname: '有効', subscription: sub('active', future) }],
    ['premium', { nickname: 'トライアル', subscription: sub('trialing', future) }],
    [
      'premium',
      { nickname: '有効と付与', subscription: sub('active', future), grants: [{ endsAt: future }] },
    ],
    ['leaving', { nickname: '退会予定', subscription: sub('active', future, true) }],
    ['leaving', { nickname: '解約済み期間内', subscription: sub('canceled', future) }],
    ['complimentary', { nickname: '付与のみ', grants: [{ endsAt: future }] }],
    [
      'complimentary',
      { nickname: '退会予定と付与', subscription: sub('active', future, true), grants: [{ endsAt: future }] },
    ],
    ['expired', { nickname: '期限切れ', subscription: sub('canceled', past) }],
    ['expired', { nickname: '退会期間終了', subscription: sub('active', past, true) }],
    ['expired', { nickname: '支払い遅延', subscription: sub('past_due', future) }],
    ['expired', { nickname: '未払い', subscription: sub('unpaid', future) }],
    ['guest', { nickname: '取り消し済み付与', grants: [{ endsAt: future, revokedAt: past }] }],
    ['guest', { nickname: '終了した付与', grants: [{ endsAt: past }] }],
    ['guest', { nickname: '未完了', subscription: sub('incomplete', null) }],
    ['guest', { nickname: '入会手続き中' }],
  ];
  let number = 0;
  for (const [, spec] of states) {
    number += 1;
    await addMember(handle.db, mio.id, { ...spec, number: spec.nickname === '入会手続き中' ? null : number });
  }
  await addMember(handle.db, mio.id, {
    nickname: 'ミオ推し',
    number: 123,
    email: 'Fan.Person@example.jp',
    familyName: '山田',
    givenName: '美緒',
    familyNameKana: 'ヤマダ',
    givenNameKana: 'ミオ',
    subscription: { planId: retired, status: 'active', periodEnd: future },
  });
  // Another site's member with the same nickname and number: never listed on mio.
  const otherPlan = (await addPlan(handle.db, second.id, 'monthly', 'PASSENGERS 月額')).id;
  await addMember(handle.db, second.id, {
    nickname: 'ミオ推し',
    number: 123,
    email: 'other@example.jp',
    subscription: { planId: otherPlan, status: 'active', periodEnd: future },
  });
});
afterAll(async () => handle?.drop());

describe('the status expression', () => {
  it('gives each state its staff status, and agrees with memberStatus member by member', async () => {
    const { rows } = await listMembers(handle.db, actorOf(mio.id), filter(), now);
    for (const [expected, spec] of states) {
      const row = rows.find((r) => r.nickname === spec.nickname);
      expect(row?.status, spec.nickname).toBe(expected);
    }
    for (const row of rows) {
      const site = await memberStatus(handle.db, row.id, now);
      expect(isPremiumStatus(row.status), `${row.nickname}: ${row.status} vs ${site}`).toBe(
        site === 'premium',
      );
    }
  });

  it('filters in SQL, with counts that add up to the whole list', async () => {
    const all = await listMembers(handle.db, actorOf(mio.id), filter(), now);
    let sum = 0;
    for (const status of ['premium', 'complimentary', 'leaving', 'expired', 'guest'] as const) {
      const page = await listMembers(handle.db, actorOf(mio.id), filter({ status }), now);
      expect(page.rows.every((row) => row.status === status)).toBe(true);
      expect(page.total).toBe(all.rows.filter((row) => row.status === status).length);
      sum += page.total;
    }
    expect(sum).toBe(all.total);
  });

  it('moves with the billing clock: a month later the running ones have ended', async () => {
    const later = new Date('2027-01-10T00:00:00Z');
    const { rows } = await listMembers(handle.db, actorOf(mio.id), filter(), later);
    for (const row of rows) {
      const site = await memberStatus(handle.db, row.id, later);
      expect(isPremiumStatus(row.status), row.nickname ?? '').toBe(site === 'premium');
    }
    expect(rows.find((r) => r.nickname === '退会予定')?.status).toBe('expired');
    expect(rows.find((r) => r.nickname === '付与のみ')?.status).toBe('guest');
  });
});

describe('listMembers', () => {
  const search = async (q: string) =>
    (await listMembers(handle.db, actorOf(mio.id), parseMemberFilter({ q }), now)).rows.map(
      (r) => r.nickname,
    );

  it('finds a member by number with or without zeros, nickname, e-mail, name and kana', async () => {
    for (const q of [
      '123',
      '000123',
      '０００１２３',
      'ミオ推し',
      'fan.person@EXAMPLE',
      '山田 美緒',
      '山田美緒',
      'ﾔﾏﾀﾞ',
      'ヤマダミオ',
    ]) {
      expect(await search(q), q).toEqual(['ミオ推し']);
    }
    expect(await search('%')).toEqual([]);
    expect(await search('nobody')).toEqual([]);
  });

  it('never lists another site’s members', async () => {
    const mioRows = (await listMembers(handle.db, actorOf(mio.id), filter(), now)).rows;
    expect(mioRows.some((row) => row.email === 'other@example.jp')).toBe(false);
    const secondRows = (await listMembers(handle.db, actorOf(second.id), filter(), now)).rows;
    expect(secondRows.map((row) => row.email)).toEqual(['other@example.jp']);
  });

  it('filters by plan, retired plans too, and shows the plan of the latest subscription', async () => {
    const page = await listMembers(handle.db, actorOf(mio.id), filter({ planId: retired }), now);
    expect(page.rows.map((r) => [r.nickname, r.planName])).toEqual([['ミオ推し', '旧プラン']]);
    const plans = await sitePlans(handle.db, actorOf(mio.id));
    expect(plans.map((p) => [p.name, p.active])).toEqual([
      ['月額会員', true],
      ['旧プラン', false],
    ]);
  });

  it('orders by member number, those without one last', async () => {
    const { rows } = await listMembers(handle.db, actorOf(mio.id), filter(), now);
    expect(rows.at(-1)?.nickname).toBe('入会手続き中');
    const numbers = rows.slice(0, -1).map((r) => r.memberNumber!);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('pages by 50 in a stable order, and the export reads every page', async () => {
    const site = (
      await upsertSite(handle.db, { ...demoSiteFile('mio'), slug: 'paging', hosts: ['paging.localhost'] })
    ).site;
    for (let i = 1; i <= 120; i += 1) {
      await addMember(handle.db, site.id, { nickname: `会員${i}`, number: i % 7 === 0 ? null : 1000 - i });
    }
    const actor = actorOf(site.id);
    const pages = await Promise.all(
      [1, 2, 3].map((page) => listMembers(handle.db, actor, filter({ page }), now)),
    );
    expect(pages.map((p) => p.rows.length)).toEqual([50, 50, 20]);
    expect(pages[0]!.pageCount).toBe(3);
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(120);
    // A page past the end shows the last page.
    expect((await listMembers(handle.db, actor, filter({ page: 99 }), now)).page).toBe(3);
    const exported: string[] = [];
    for await (const batch of allMembers(handle.db, actor, filter(), now, 7))
      exported.push(...batch.map((r) => r.id));
    expect(exported).toEqual(ids);
  });

  it('refuses an editor', async () => {
    const error = await listMembers(handle.db, actorOf(mio.id, 'editor'), filter(), now).catch(
      (e: unknown) => e,
    );
    expect(isAppError(error) && error.code).toBe('FORBIDDEN');
  });
});

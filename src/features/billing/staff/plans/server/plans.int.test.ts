import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { auditLog, plans, subscriptions } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, memberStatus, choosePlan, findPlan, listPlans } from '@/features/membership/server';
import type { StaffActor } from '@/features/staff';
import { createPlanSchema } from '@/features/billing/staff/plans/schemas';
import {
  createPlan,
  listStaffPlans,
  offerPlanAgain,
  retirePlan,
} from '@/features/billing/staff/plans/server/plans';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
let owner: StaffActor;
let editor: StaffActor;
let support: StaffActor;
let otherOwner: StaffActor;

const actor = (site: Site, role: StaffActor['role'], uid: string): StaffActor => ({
  siteId: site.id,
  uid,
  email: `${uid}@example.com`,
  displayName: uid,
  role,
});

const NOW = new Date('2026-11-22T12:00:00Z');

async function auditOf(planId: string) {
  return handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, planId))
    .orderBy(auditLog.createdAt, auditLog.id);
}

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  owner = actor(mio, 'owner', 'mio-owner');
  editor = actor(mio, 'editor', 'mio-editor');
  support = actor(mio, 'support', 'mio-support');
  otherOwner = actor(second, 'owner', 'second-owner');
  await handle.db.insert(plans).values([
    { siteId: mio.id, code: 'monthly', name: '月額会員', interval: 'month', priceYen: 550, sortOrder: 1 },
    { siteId: second.id, code: 'monthly', name: 'PASSENGERS 月額', interval: 'month', priceYen: 660 },
  ]);
});
afterAll(async () => handle?.drop());

describe('plan input', () => {
  it('takes a name of 1–60 characters, month or year, and an integer price of 100–100,000 yen', () => {
    const ok = createPlanSchema.safeParse({ name: ' 年額 ', interval: 'year', priceYen: '5500', code: '' });
    expect(ok.success && ok.data).toEqual({
      name: '年額',
      interval: 'year',
      priceYen: 5500,
      code: undefined,
    });
    const messages = (input: object) =>
      createPlanSchema
        .safeParse(input)
        .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages({ name: '', interval: 'week', priceYen: 99.5 })).toEqual([
      'name: プラン名を入力してください',
      'interval: 請求の間隔を選択してください',
      'priceYen: 価格は1円単位で入力してください',
    ]);
    expect(messages({ name: 'あ'.repeat(61), interval: 'month', priceYen: 100_001 })).toEqual([
      'name: プラン名は60文字以内で入力してください',
      'priceYen: 価格は100,000円以下で入力してください',
    ]);
    expect(messages({ name: 'a', interval: 'month', priceYen: 99, code: 'Bad Code' })).toEqual([
      'priceYen: 価格は100円以上で入力してください',
      'code: プランコードは半角英小文字・数字・ハイフンで入力してください',
    ]);
    expect(messages({ name: 'a', interval: 'month', priceYen: 'abc' })).toEqual([
      'priceYen: 価格を半角数字で入力してください',
    ]);
  });
});

describe('staff plans', () => {
  it('are for owners only: editors, support and nobody else read or change them', async () => {
    const [plan] = await listPlans(handle.db, mio.id);
    for (const who of [editor, support]) {
      await expect(listStaffPlans(handle.db, who, NOW)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(
        createPlan(handle.db, who, { name: 'x', interval: 'month', priceYen: 100 }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(retirePlan(handle.db, who, plan!.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(offerPlanAgain(handle.db, who, plan!.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    // Another site's owner: mio's plan is not theirs to see or change.
    await expect(retirePlan(handle.db, otherOwner, plan!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(offerPlanAgain(handle.db, otherOwner, plan!.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(retirePlan(handle.db, owner, 'not-a-uuid')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const theirs = await listStaffPlans(handle.db, otherOwner, NOW);
    expect(theirs.map((p) => p.name)).toEqual(['PASSENGERS 月額']);
    expect((await findPlan(handle.db, mio.id, plan!.id))?.active).toBe(true);
    expect(await handle.db.select().from(auditLog)).toEqual([]);
  });

  it('creates a plan offered at sign-up at once, with its audit row; a taken code is 409', async () => {
    const created = await createPlan(handle.db, owner, {
      name: '年額会員',
      interval: 'year',
      priceYen: 5500,
    });
    expect(created).toMatchObject({ siteId: mio.id, active: true, interval: 'year', priceYen: 5500 });
    expect(created.code).toMatch(/^yearly-[0-9a-f]{8}$/);
    expect((await listPlans(handle.db, mio.id)).map((p) => p.id)).toContain(created.id);
    const rows = await auditOf(created.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'plan.create',
      actorUid: 'mio-owner',
      actorRole: 'owner',
      targetType: 'plan',
      before: null,
      after: { code: created.code, name: '年額会員', interval: 'year', priceYen: 5500, active: true },
    });

    await expect(
      createPlan(handle.db, owner, { name: '重複', interval: 'month', priceYen: 500, code: 'monthly' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('プランコード') });
    // The same code on another site is another site's business.
    const elsewhere = await createPlan(handle.db, otherOwner, {
      name: 'PASSENGERS 年額',
      interval: 'year',
      priceYen: 6600,
      code: 'yearly-special',
    });
    const mine = await createPlan(handle.db, owner, {
      name: '特別',
      interval: 'year',
      priceYen: 6600,
      code: 'yearly-special',
    });
    expect(mine.id).not.toBe(elsewhere.id);
  });

  it('retires a plan: no longer offered nor accepted, while its members keep it and stay premium', async () => {
    const plan = await createPlan(handle.db, owner, { name: '旧プラン', interval: 'month', priceYen: 300 });
    const subscriber = await ensureMember(handle.db, mio.id, 'uid-subscriber');
    await handle.db.insert(subscriptions).values({
      siteId: mio.id,
      memberId: subscriber.id,
      planId: plan.id,
      provider: 'sandbox',
      providerSubscriptionId: 'sub_retire_test',
      status: 'active',
      currentPeriodEnd: new Date('2026-12-22T12:00:00Z'),
    });
    const leaver = await ensureMember(handle.db, mio.id, 'uid-leaver');
    await handle.db.insert(subscriptions).values({
      siteId: mio.id,
      memberId: leaver.id,
      planId: plan.id,
      provider: 'sandbox',
      providerSubscriptionId: 'sub_retire_ended',
      status: 'canceled',
      currentPeriodEnd: new Date('2026-11-01T00:00:00Z'),
    });
    const lapsed = await ensureMember(handle.db, mio.id, 'uid-lapsed');
    await handle.db.insert(subscriptions).values({
      siteId: mio.id,
      memberId: lapsed.id,
      planId: plan.id,
      provider: 'sandbox',
      providerSubscriptionId: 'sub_retire_lapsed',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date('2026-11-20T00:00:00Z'),
    });
    const before = await listStaffPlans(handle.db, owner, NOW);
    expect(before.find((p) => p.id === plan.id)).toMatchObject({ active: true, memberCount: 1 });

    const retired = await retirePlan(handle.db, owner, plan.id);
    expect(retired.active).toBe(false);
    expect((await listPlans(handle.db, mio.id)).map((p) => p.id)).not.toContain(plan.id);
    const joiner = await ensureMember(handle.db, mio.id, 'uid-joiner');
    await expect(choosePlan(handle.db, mio.id, joiner.id, plan.id)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    // The member keeps the plan: the subscription is untouched and still premium.
    expect(await memberStatus(handle.db, subscriber.id, NOW)).toBe('premium');
    const [kept] = await handle.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.memberId, subscriber.id), eq(subscriptions.planId, plan.id)));
    expect(kept).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    const after = await listStaffPlans(handle.db, owner, NOW);
    expect(after.find((p) => p.id === plan.id)).toMatchObject({
      active: false,
      memberCount: 1,
      priceYen: 300,
    });

    const rows = await auditOf(plan.id);
    expect(rows.map((row) => row.action)).toEqual(['plan.create', 'plan.retire']);
    expect(rows[1]).toMatchObject({
      before: { active: true, priceYen: 300 },
      after: { active: false, priceYen: 300 },
    });

    // Retiring again changes nothing and writes nothing.
    await retirePlan(handle.db, owner, plan.id);
    expect(await auditOf(plan.id)).toHaveLength(2);

    // Offered again, at the same price.
    const offered = await offerPlanAgain(handle.db, owner, plan.id);
    expect(offered).toMatchObject({ active: true, priceYen: 300 });
    expect((await listPlans(handle.db, mio.id)).map((p) => p.id)).toContain(plan.id);
    expect((await auditOf(plan.id)).map((row) => row.action)).toEqual([
      'plan.create',
      'plan.retire',
      'plan.offer',
    ]);
  });

  it('never retires the last offered plan, so that someone can always join', async () => {
    const [only] = await listPlans(handle.db, second.id).then((list) =>
      list.filter((p) => p.code === 'monthly'),
    );
    const [special] = await listPlans(handle.db, second.id).then((list) =>
      list.filter((p) => p.code === 'yearly-special'),
    );
    await retirePlan(handle.db, otherOwner, special!.id);
    await expect(retirePlan(handle.db, otherOwner, only!.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('提供中のプランがなくなる'),
    });
    expect((await listPlans(handle.db, second.id)).map((p) => p.id)).toEqual([only!.id]);
  });
});

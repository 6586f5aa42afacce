import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, count, countDistinct, eq, gt, inArray, isNull, max, or, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { plans, subscriptions } from '@/server/db/schema';
import { assertCan } from '@/features/staff/server';
import type { StaffActor } from '@/features/staff';
import { recordAudit } from '@/features/staff/server';
import { isUuid } from '@/lib/uuid';
import type { CreatePlanValues } from '@/features/billing/staff/plans/schemas';

export type PlanRow = typeof plans.$inferSelect;

export interface StaffPlan {
  id: string;
  code: string;
  name: string;
  interval: 'month' | 'year';
  priceYen: number;
  active: boolean;
  /** Members whose subscription on this plan makes them premium now (a member who left counts until the end). */
  memberCount: number;
}

/** What an audit row keeps of a plan. */
function auditView(plan: PlanRow) {
  return {
    code: plan.code,
    name: plan.name,
    interval: plan.interval,
    priceYen: plan.priceYen,
    active: plan.active,
  };
}

/**
 * Every plan of the site, offered or retired, with the number of members on each. `now` is the payment provider's
 * clock (the sandbox's test clock may run ahead).
 */
export async function listStaffPlans(db: Db, actor: StaffActor, now: Date): Promise<StaffPlan[]> {
  assertCan(actor, 'plans:write');
  const rows = await db
    .select()
    .from(plans)
    .where(eq(plans.siteId, actor.siteId))
    .orderBy(sql`${plans.active} DESC`, asc(plans.sortOrder), asc(plans.priceYen));
  if (rows.length === 0) return [];
  // The rule of isPremiumSubscription (features/membership/status.ts) in SQL.
  const premium = or(
    and(
      inArray(subscriptions.status, ['active', 'trialing']),
      or(
        eq(subscriptions.cancelAtPeriodEnd, false),
        isNull(subscriptions.currentPeriodEnd),
        gt(subscriptions.currentPeriodEnd, now),
      ),
    ),
    and(eq(subscriptions.status, 'canceled'), gt(subscriptions.currentPeriodEnd, now)),
  );
  const counts = await db
    .select({ planId: subscriptions.planId, n: countDistinct(subscriptions.memberId) })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.siteId, actor.siteId),
        inArray(
          subscriptions.planId,
          rows.map((row) => row.id),
        ),
        premium,
      ),
    )
    .groupBy(subscriptions.planId);
  const countOf = new Map(counts.map((row) => [row.planId, Number(row.n)]));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    interval: row.interval,
    priceYen: row.priceYen,
    active: row.active,
    memberCount: countOf.get(row.id) ?? 0,
  }));
}

function generatedCode(interval: 'month' | 'year'): string {
  return `${interval === 'month' ? 'monthly' : 'yearly'}-${randomBytes(4).toString('hex')}`;
}

/** A new plan, offered at once, after the site's other plans. A code taken on this site is 409. */
export async function createPlan(
  db: Db,
  actor: StaffActor,
  values: Omit<CreatePlanValues, 'code'> & { code?: string },
): Promise<PlanRow> {
  assertCan(actor, 'plans:write');
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ sortOrder: max(plans.sortOrder) })
      .from(plans)
      .where(eq(plans.siteId, actor.siteId));
    const [created] = await tx
      .insert(plans)
      .values({
        siteId: actor.siteId,
        code: values.code ?? generatedCode(values.interval),
        name: values.name,
        interval: values.interval,
        priceYen: values.priceYen,
        sortOrder: (last?.sortOrder ?? 0) + 1,
      })
      .onConflictDoNothing({ target: [plans.siteId, plans.code] })
      .returning();
    if (!created) {
      throw new AppError(
        'CONFLICT',
        'このプランコードはすでに使われています。別のコードを入力するか、空欄にしてください。',
      );
    }
    await recordAudit(tx, actor, {
      action: 'plan.create',
      targetType: 'plan',
      targetId: created.id,
      before: null,
      after: auditView(created),
    });
    return created;
  });
}

async function lockPlan(db: Db, actor: StaffActor, planId: string): Promise<PlanRow> {
  if (!isUuid(planId)) throw new AppError('NOT_FOUND', 'プランが見つかりません。');
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.siteId, actor.siteId), eq(plans.id, planId)))
    .for('update');
  if (!plan) throw new AppError('NOT_FOUND', 'プランが見つかりません。');
  return plan;
}

/**
 * Retires a plan: no longer offered at sign-up, while its members keep it (renewals included: nothing about their
 * subscriptions changes). The last offered plan cannot be retired, or nobody could join. Retiring a retired plan
 * changes nothing.
 */
export async function retirePlan(db: Db, actor: StaffActor, planId: string): Promise<PlanRow> {
  assertCan(actor, 'plans:write');
  return db.transaction(async (tx) => {
    // Every plan of the site locked, so that two owners retiring the last two plans at once cannot both succeed.
    await tx.select({ id: plans.id }).from(plans).where(eq(plans.siteId, actor.siteId)).for('update');
    const plan = await lockPlan(tx, actor, planId);
    if (!plan.active) return plan;
    const [offered] = await tx
      .select({ n: count() })
      .from(plans)
      .where(and(eq(plans.siteId, actor.siteId), eq(plans.active, true)));
    if ((offered?.n ?? 0) <= 1) {
      throw new AppError(
        'CONFLICT',
        '提供中のプランがなくなるため、提供終了にできません。先に新しいプランを作成してください。',
      );
    }
    return setOffered(tx, actor, plan, false);
  });
}

/** Offers a retired plan again, at its unchanged price. Offering an offered plan changes nothing. */
export async function offerPlanAgain(db: Db, actor: StaffActor, planId: string): Promise<PlanRow> {
  assertCan(actor, 'plans:write');
  return db.transaction(async (tx) => {
    const plan = await lockPlan(tx, actor, planId);
    if (plan.active) return plan;
    return setOffered(tx, actor, plan, true);
  });
}

/** Retires or offers again a plan already locked in this transaction, with its audit row. */
async function setOffered(db: Db, actor: StaffActor, plan: PlanRow, active: boolean): Promise<PlanRow> {
  const [changed] = await db
    .update(plans)
    .set({ active, updatedAt: new Date() })
    .where(eq(plans.id, plan.id))
    .returning();
  await recordAudit(db, actor, {
    action: active ? 'plan.offer' : 'plan.retire',
    targetType: 'plan',
    targetId: plan.id,
    before: auditView(plan),
    after: auditView(changed!),
  });
  return changed!;
}

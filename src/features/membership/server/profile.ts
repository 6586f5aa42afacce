import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { members, plans } from '@/server/db/schema';

export type Plan = typeof plans.$inferSelect;

/** Writes some of a member row's columns (the sign-up steps and My page save the member's details with it). */
export async function updateMember(
  db: Db,
  memberId: string,
  values: Partial<typeof members.$inferInsert>,
): Promise<void> {
  await db
    .update(members)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(members.id, memberId));
}

/** The plans a site offers now, in its order. */
export function listPlans(db: Db, siteId: string): Promise<Plan[]> {
  return db
    .select()
    .from(plans)
    .where(and(eq(plans.siteId, siteId), eq(plans.active, true)))
    .orderBy(asc(plans.sortOrder), asc(plans.priceYen));
}

export async function findPlan(db: Db, siteId: string, planId: string): Promise<Plan | null> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.siteId, siteId), eq(plans.id, planId)));
  return plan ?? null;
}

/** Only a plan this site offers now can be chosen; another site's plan id is "not offered", not a 500. */
export async function choosePlan(db: Db, siteId: string, memberId: string, planId: string): Promise<Plan> {
  const plan = await findPlan(db, siteId, planId);
  if (!plan?.active) throw new AppError('BAD_REQUEST', 'このプランはお申し込みいただけません。');
  await updateMember(db, memberId, { chosenPlanId: plan.id });
  return plan;
}

import { randomUUID } from 'node:crypto';
import type { Db } from '@/server/db/client';
import { complimentaryGrants, members, plans, subscriptions } from '@/server/db/schema';
import type { SUBSCRIPTION_STATUSES } from '@/server/db/schema';

/**
 * Test data: plans and members in every state, written straight to the tables. Here in membership, the lowest feature
 * that owns these tables, so that every feature above may use it (decision 0042).
 */

export async function addPlan(db: Db, siteId: string, code: string, name: string, active = true) {
  const [plan] = await db
    .insert(plans)
    .values({ siteId, code, name, interval: 'month', priceYen: 550, active })
    .returning();
  return plan!;
}

export interface MemberSpec {
  nickname: string;
  number?: number | null;
  email?: string;
  familyName?: string;
  givenName?: string;
  familyNameKana?: string;
  givenNameKana?: string;
  subscription?: {
    planId: string;
    status: (typeof SUBSCRIPTION_STATUSES)[number];
    periodEnd: Date | null;
    cancelAtPeriodEnd?: boolean;
  };
  grants?: { endsAt: Date; revokedAt?: Date | null }[];
}

export async function addMember(db: Db, siteId: string, spec: MemberSpec) {
  const [member] = await db
    .insert(members)
    .values({
      siteId,
      uid: `uid-${randomUUID()}`,
      memberNumber: spec.number ?? null,
      nickname: spec.nickname,
      email: spec.email ?? null,
      familyName: spec.familyName ?? null,
      givenName: spec.givenName ?? null,
      familyNameKana: spec.familyNameKana ?? null,
      givenNameKana: spec.givenNameKana ?? null,
      joinedAt: spec.number ? new Date('2026-01-15T03:00:00Z') : null,
    })
    .returning();
  if (spec.subscription) {
    await db.insert(subscriptions).values({
      siteId,
      memberId: member!.id,
      planId: spec.subscription.planId,
      provider: 'sandbox',
      providerSubscriptionId: `sub_${randomUUID()}`,
      status: spec.subscription.status,
      currentPeriodEnd: spec.subscription.periodEnd,
      cancelAtPeriodEnd: spec.subscription.cancelAtPeriodEnd ?? false,
    });
  }
  for (const grant of spec.grants ?? []) {
    await db.insert(complimentaryGrants).values({
      siteId,
      memberId: member!.id,
      endsAt: grant.endsAt,
      revokedAt: grant.revokedAt ?? null,
      grantedBy: 'staff-uid',
    });
  }
  return member!;
}

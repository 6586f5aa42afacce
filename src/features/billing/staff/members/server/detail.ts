import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { complimentaryGrants, members, plans, staffMembers, subscriptions } from '@/server/db/schema';
import type { PaymentProvider, PaymentRecord } from '@/server/payments/types';
import { assertCan } from '@/features/staff/server';
import type { StaffActor } from '@/features/staff';
import type { StaffMemberStatus } from '@/features/billing/staff/members/status';
import { memberOfSite } from '@/features/billing/staff/members/server/find';
import { staffStatusSql } from '@/features/billing/staff/members/server/status-sql';

export interface GrantView {
  id: string;
  endsAt: Date;
  grantedBy: string;
  grantedByName: string | null;
  revokedAt: Date | null;
  createdAt: Date;
  running: boolean;
}

export type MemberDetail = Awaited<ReturnType<typeof memberDetail>>;

const UNAVAILABLE = '決済サービスから支払い履歴を読み込めませんでした。時間をおいて再度お試しください。';

/**
 * Everything support needs to answer a member: profile, status, subscriptions, staff grants and the payment
 * history from the payment provider. The provider being out of reach leaves the rest of the page readable.
 */
export async function memberDetail(
  db: Db,
  actor: StaffActor,
  provider: PaymentProvider,
  memberId: string,
  now: Date,
) {
  assertCan(actor, 'members:read');
  const member = await memberOfSite(db, actor, memberId);
  const [[statusRow], subs, grants, grantors] = await Promise.all([
    db
      .select({ status: staffStatusSql(now) })
      .from(members)
      .where(eq(members.id, member.id)),
    db
      .select({
        id: subscriptions.id,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        canceledAt: subscriptions.canceledAt,
        cancelReason: subscriptions.cancelReason,
        createdAt: subscriptions.createdAt,
        planName: plans.name,
        planInterval: plans.interval,
        planPriceYen: plans.priceYen,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.memberId, member.id))
      .orderBy(desc(subscriptions.createdAt)),
    db
      .select()
      .from(complimentaryGrants)
      .where(eq(complimentaryGrants.memberId, member.id))
      .orderBy(desc(complimentaryGrants.createdAt)),
    staffNames(db, actor.siteId),
  ]);
  let payments: PaymentRecord[] = [];
  let paymentsError: string | null = null;
  if (member.billingCustomerId) {
    try {
      payments = await provider.listPayments(member.billingCustomerId);
    } catch (error) {
      if (!(error instanceof AppError)) console.error(error);
      paymentsError = UNAVAILABLE;
    }
  }
  const grantViews: GrantView[] = grants.map((grant) => ({
    id: grant.id,
    endsAt: grant.endsAt,
    grantedBy: grant.grantedBy,
    grantedByName: grantors.get(grant.grantedBy) ?? null,
    revokedAt: grant.revokedAt,
    createdAt: grant.createdAt,
    running: grant.revokedAt === null && now < grant.endsAt,
  }));
  return {
    member,
    status: (statusRow?.status ?? 'guest') as StaffMemberStatus,
    now,
    subscriptions: subs,
    grants: grantViews,
    payments,
    paymentsError,
  };
}

async function staffNames(db: Db, siteId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ uid: staffMembers.uid, name: staffMembers.displayName })
    .from(staffMembers)
    .where(eq(staffMembers.siteId, siteId));
  return new Map(rows.map((row) => [row.uid, row.name]));
}

import 'server-only';
import { differenceInYears } from 'date-fns';
import type { Db } from '@/server/db/client';
import type { CardSummary, PaymentProvider } from '@/server/payments/types';
import type { UserStatus } from '@/features/site';
import type { SiteConfig } from '@/features/site';
import {
  memberStatus,
  memberTenure,
  type Member,
  type MemberTenure,
  findPlan,
  type Plan,
} from '@/features/membership/server';
import { latestSubscription, type Subscription } from '@/features/billing/server/membership';

export interface MembershipSummary {
  status: UserStatus;
  now: Date;
  plan: Plan | null;
  subscription: Subscription | null;
  /** Cancelled, still running until `subscription.currentPeriodEnd`. */
  leaving: boolean;
  card: CardSummary | null;
  /**
   * 会員歴: the year of the member's continuous run of periods (docs/decisions/0052), the first year is 1年目; the
   * join date's year when no period is on record (a member from before periods were).
   */
  membershipYear: number | null;
  /** The run, its mark by the site's TENURE settings, and when it lapses without a new period. */
  tenure: MemberTenure;
}

/** What My page, the member card and the leaving flow show, read at the site's billing time. */
export async function membershipSummary(
  db: Db,
  provider: PaymentProvider,
  member: Member,
  tenureSettings: SiteConfig['TENURE'],
): Promise<MembershipSummary> {
  const now = await provider.now(member.siteId);
  const [status, subscription, card, tenure] = await Promise.all([
    memberStatus(db, member.id, now),
    latestSubscription(db, member.id),
    member.billingCustomerId ? provider.getCard(member.billingCustomerId) : Promise.resolve(null),
    memberTenure(db, member.id, tenureSettings, now),
  ]);
  const plan = subscription ? await findPlan(db, member.siteId, subscription.planId) : null;
  return {
    status,
    now,
    plan,
    subscription,
    // A konbini period is written as ending (it never renews), which is not leaving.
    leaving:
      status === 'premium' && subscription?.cancelAtPeriodEnd === true && subscription.method === 'card',
    card,
    membershipYear:
      tenure.tenure?.yearOfMembership ??
      (member.joinedAt ? differenceInYears(now, member.joinedAt) + 1 : null),
    tenure,
  };
}

/** The plan of the member's latest subscription, for a page that names it and needs nothing else of the summary. */
export async function memberPlan(db: Db, member: Member): Promise<Plan | null> {
  const subscription = await latestSubscription(db, member.id);
  return subscription ? findPlan(db, member.siteId, subscription.planId) : null;
}

import 'server-only';
import { differenceInYears } from 'date-fns';
import type { Db } from '@/server/db/client';
import type { CardSummary, PaymentProvider } from '@/server/payments/types';
import type { UserStatus } from '@/features/site';
import { memberStatus, type Member, findPlan, type Plan } from '@/features/membership/server';
import { latestSubscription, type Subscription } from '@/features/billing/server/membership';

export interface MembershipSummary {
  status: UserStatus;
  now: Date;
  plan: Plan | null;
  subscription: Subscription | null;
  /** Cancelled, still running until `subscription.currentPeriodEnd`. */
  leaving: boolean;
  card: CardSummary | null;
  /** Counted from the join date: the first year is 1年目. */
  membershipYear: number | null;
}

/** What My page, the member card and the leaving flow show, read at the site's billing time. */
export async function membershipSummary(
  db: Db,
  provider: PaymentProvider,
  member: Member,
): Promise<MembershipSummary> {
  const now = await provider.now(member.siteId);
  const [status, subscription, card] = await Promise.all([
    memberStatus(db, member.id, now),
    latestSubscription(db, member.id),
    member.billingCustomerId ? provider.getCard(member.billingCustomerId) : Promise.resolve(null),
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
    membershipYear: member.joinedAt ? differenceInYears(now, member.joinedAt) + 1 : null,
  };
}

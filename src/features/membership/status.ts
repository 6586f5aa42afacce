import type { UserStatus } from '@/features/site';

/**
 * Membership status is derived, never stored: premium while a subscription is active or trialing, or cancelled but
 * before the end of the paid period, or while a staff grant runs; guest otherwise (and for a signed-out visitor).
 */
export interface SubscriptionFacts {
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd?: boolean;
}

export interface GrantFacts {
  endsAt: Date;
  revokedAt: Date | null;
}

export function isPremiumSubscription(subscription: SubscriptionFacts, now: Date): boolean {
  if (subscription.status === 'active' || subscription.status === 'trialing') {
    // A member who left stays premium until the paid period ends, even if the provider's final event is late.
    const ended =
      subscription.cancelAtPeriodEnd === true &&
      subscription.currentPeriodEnd !== null &&
      now >= subscription.currentPeriodEnd;
    return !ended;
  }
  return (
    subscription.status === 'canceled' &&
    subscription.currentPeriodEnd !== null &&
    now < subscription.currentPeriodEnd
  );
}

export function isRunningGrant(grant: GrantFacts, now: Date): boolean {
  return grant.revokedAt === null && now < grant.endsAt;
}

export function membershipStatus(
  facts: { subscriptions: readonly SubscriptionFacts[]; grants: readonly GrantFacts[] },
  now: Date,
): UserStatus {
  const premium =
    facts.subscriptions.some((subscription) => isPremiumSubscription(subscription, now)) ||
    facts.grants.some((grant) => isRunningGrant(grant, now));
  return premium ? 'premium' : 'guest';
}

import 'server-only';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import type { PaymentProvider } from '@/server/payments/types';
import type { Member } from '@/features/membership';
import { findPlan } from '@/features/membership/server';
import { completeSubscription } from '@/features/billing/server/attempts';
import { latestSubscription, type Subscription } from '@/features/billing/server/membership';

/**
 * Changing plan (monthly to yearly and back) takes effect at the next renewal (docs/decisions/0026): the period
 * paid for runs out as bought, nothing is prorated or refunded, and the member number and tenure stay, since the
 * subscription is the same one. The provider keeps the pending change (the sandbox's next plan, Stripe's schedule)
 * and our row follows it through the one event path. Asking again for the same plan, or twice at once, changes
 * nothing more; `planId: null` takes a pending change back.
 */
export async function changePlan(
  db: Db,
  provider: PaymentProvider,
  member: Member,
  planId: string | null,
): Promise<Subscription> {
  const subscription = await latestSubscription(db, member.id);
  const running =
    subscription?.method === 'card' &&
    (subscription.status === 'active' || subscription.status === 'trialing');
  if (!subscription || !running) {
    throw new AppError('CONFLICT', '自動更新中のプランがないため、プランを変更できません。');
  }
  if (subscription.cancelAtPeriodEnd) {
    throw new AppError('CONFLICT', '退会手続き中はプランを変更できません。先に退会を取り消してください。');
  }
  let plan = null;
  if (planId !== null) {
    plan = await findPlan(db, member.siteId, planId);
    if (!plan) throw new AppError('BAD_REQUEST', 'このプランはお申し込みいただけません。');
    if (!plan.active) throw new AppError('BAD_REQUEST', 'このプランは現在お申し込みいただけません。');
    if (plan.id === subscription.planId) {
      throw new AppError('CONFLICT', 'ご利用中のプランです。');
    }
  }
  await provider.schedulePlanChange(subscription.providerSubscriptionId, plan, member.siteId);
  await completeSubscription(db, provider, subscription.providerSubscriptionId);
  return (await latestSubscription(db, member.id))!;
}

import 'server-only';
import { createHash } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { members, subscriptions } from '@/server/db/schema';
import {
  CardError,
  type PaymentProvider,
  type SandboxCardInput,
  type SubscriptionStart,
} from '@/server/payments/types';
import { memberStatus, type Member } from '@/features/membership/server/members';
import { findPlan } from '@/features/membership/server/profile';
import { describeCardError } from '@/features/billing/card-errors';
import { applySubscriptionState } from '@/features/billing/server/events';

export type Subscription = typeof subscriptions.$inferSelect;

/** The member's latest subscription, running or not. */
export async function latestSubscription(db: Db, memberId: string): Promise<Subscription | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.memberId, memberId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

function cardRefused(error: unknown): never {
  if (error instanceof CardError) {
    throw new AppError('PAYMENT_DECLINED', describeCardError(error.code, error.declineCode), {
      cause: error,
    });
  }
  throw error;
}

/**
 * The payment step: starts the chosen plan's subscription. A refused card answers 402 with the reason and changes
 * nothing the member entered; trying again is safe, and a double click starts one subscription, not two.
 */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  input: { member: Member; email: string | null; card?: SandboxCardInput },
): Promise<SubscriptionStart> {
  const { member } = input;
  const now = await provider.now(member.siteId);
  if ((await memberStatus(db, member.id, now)) === 'premium') {
    throw new AppError('CONFLICT', 'すでに会員としてご登録いただいています。');
  }
  const plan = member.chosenPlanId ? await findPlan(db, member.siteId, member.chosenPlanId) : null;
  if (!plan?.active) throw new AppError('STEP_ORDER', 'プランを選択してください。');

  let customerId = member.billingCustomerId;
  if (!customerId) {
    customerId = await provider.createCustomer({
      siteId: member.siteId,
      memberId: member.id,
      email: input.email,
    });
    await db.update(members).set({ billingCustomerId: customerId }).where(eq(members.id, member.id));
  }
  // One subscription per attempt: the same member, plan and number of earlier subscriptions give the same key.
  const [earlier] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(eq(subscriptions.memberId, member.id));
  const idempotencyKey = createHash('sha256')
    .update(`${member.id}:${plan.id}:${earlier?.n ?? 0}`)
    .digest('hex')
    .slice(0, 32);
  return provider
    .startSubscription({
      siteId: member.siteId,
      memberId: member.id,
      customerId,
      plan,
      card: input.card,
      idempotencyKey,
    })
    .catch(cardRefused);
}

async function requireRunning(db: Db, member: Member): Promise<Subscription> {
  const subscription = await latestSubscription(db, member.id);
  if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw new AppError('CONFLICT', 'ご利用中のプランがありません。');
  }
  return subscription;
}

/** Asks the provider to cancel at the period end (or not), and writes its answer with the member's reason. */
async function setCancellation(
  db: Db,
  provider: PaymentProvider,
  subscription: Subscription,
  change: { cancel: boolean; reason: string | null },
): Promise<void> {
  const state = await provider.setCancelAtPeriodEnd(subscription.providerSubscriptionId, change.cancel);
  await db.transaction(async (tx) => {
    await applySubscriptionState(tx, provider.kind, state);
    await tx
      .update(subscriptions)
      .set({ cancelReason: change.reason })
      .where(eq(subscriptions.id, subscription.id));
  });
}

/**
 * Leaving: the subscription ends with the paid period; until then the member stays premium and may take it back.
 * Asking twice changes nothing more (the first reason is kept).
 */
export async function leaveMembership(
  db: Db,
  provider: PaymentProvider,
  member: Member,
  reason: string | null,
): Promise<Subscription> {
  const subscription = await requireRunning(db, member);
  if (subscription.cancelAtPeriodEnd) return subscription;
  await setCancellation(db, provider, subscription, { cancel: true, reason });
  return (await latestSubscription(db, member.id))!;
}

export async function resumeMembership(db: Db, provider: PaymentProvider, member: Member): Promise<void> {
  const subscription = await requireRunning(db, member);
  const now = await provider.now(member.siteId);
  if (subscription.currentPeriodEnd && subscription.currentPeriodEnd <= now) {
    throw new AppError('CONFLICT', '会員期間が終了しているため、取り消しできません。');
  }
  if (!subscription.cancelAtPeriodEnd) return;
  await setCancellation(db, provider, subscription, { cancel: false, reason: null });
}

export async function changeCard(
  db: Db,
  provider: PaymentProvider,
  member: Member,
  card?: SandboxCardInput,
): Promise<{ kind: 'confirm'; clientSecret: string } | { kind: 'complete' }> {
  if (!member.billingCustomerId) throw new AppError('CONFLICT', 'お支払い方法が登録されていません。');
  const subscription = await latestSubscription(db, member.id);
  return provider
    .changeCard({
      customerId: member.billingCustomerId,
      subscriptionId: subscription?.providerSubscriptionId ?? null,
      card,
    })
    .catch(cardRefused);
}

/** Reads one of the member's subscriptions from the provider now (after Stripe confirmed a card in the browser). */
export async function syncSubscription(
  db: Db,
  provider: PaymentProvider,
  member: Member,
  subscriptionId: string,
): Promise<string> {
  const state = await provider.retrieveSubscription(subscriptionId);
  if (!state || state.memberId !== member.id || state.siteId !== member.siteId)
    throw new AppError('NOT_FOUND');
  await db.transaction((tx) => applySubscriptionState(tx, provider.kind, state));
  return state.status;
}

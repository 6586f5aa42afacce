import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { subscriptions } from '@/server/db/schema';
import {
  CardError,
  type PaymentProvider,
  type SandboxCardInput,
  type SubscriptionStart,
} from '@/server/payments/types';
import { memberStatus, type Member, findPlan } from '@/features/membership/server';
import { describeCardError } from '@/features/billing/card-errors';
import { effectiveStatus } from '@/features/billing/server/events';
import {
  completeSubscription,
  noteAttemptSubscription,
  openAttempt,
  settleOpenAttempt,
} from '@/features/billing/server/attempts';
import { cancelVouchersBesideCard, voucherInTheWay } from '@/features/billing/server/konbini';
import { ensureCustomer } from '@/features/billing/server/customer';

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

/** A premium member pays nothing more: 409, before the provider is asked anything that could charge. */
async function refuseIfPremium(db: Db, provider: PaymentProvider, member: Member): Promise<void> {
  if ((await memberStatus(db, member.id, await provider.now(member.siteId))) === 'premium') {
    throw new AppError('CONFLICT', 'すでに会員としてご登録いただいています。');
  }
}

/** A konbini voucher still payable, or being issued now, would pay for the same period a second time: 409. */
async function refuseIfVoucherOpen(db: Db, provider: PaymentProvider, member: Member): Promise<void> {
  if (await voucherInTheWay(db, provider, member)) {
    throw new AppError(
      'CONFLICT',
      'コンビニ払いのお支払い番号が有効です。お支払い期限を過ぎると、別の方法をお選びいただけます。',
    );
  }
}

/** The member's voucher beside a card that has paid, cancelled; the card has paid, so a failure is reconciliation's. */
async function cancelVoucherBesideCard(db: Db, provider: PaymentProvider, member: Member): Promise<void> {
  await cancelVouchersBesideCard(db, provider, { memberId: member.id }).catch((error: unknown) =>
    console.warn('billing: a voucher beside the card is left to reconciliation:', (error as Error).message),
  );
}

/** Stripe keeps an idempotency key for 24 hours: an attempt older than that starts afresh (reconcile.ts). */
const ATTEMPT_REUSABLE_MS = 23 * 60 * 60 * 1000;

/**
 * The payment step: starts the chosen plan's subscription under a payment attempt recorded before the provider is
 * called (docs/decisions/0018). The attempt's id is the idempotency key, so a retry after anything (a refused card,
 * a double click, an outage, a crash, a lost answer) resumes the same payment: the provider charges once, and the
 * membership is written in the transaction that settles the attempt. "Complete" is answered only after that
 * transaction committed. A refused card answers 402 with the reason and changes nothing the member entered.
 */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  input: { member: Member; email: string | null; card?: SandboxCardInput },
): Promise<SubscriptionStart> {
  const { member } = input;
  await refuseIfPremium(db, provider, member);
  const plan = member.chosenPlanId ? await findPlan(db, member.siteId, member.chosenPlanId) : null;
  if (!plan?.active) throw new AppError('STEP_ORDER', 'プランを選択してください。');
  // The fan pays the voucher, or chooses again once it expired.
  await refuseIfVoucherOpen(db, provider, member);

  const customerId = await ensureCustomer(db, provider, member, input.email);
  let attempt = await openAttempt(db, provider, { member, customerId, plan });
  if (Date.now() - attempt.createdAt.getTime() > ATTEMPT_REUSABLE_MS) {
    if (await settleOpenAttempt(db, provider, attempt, customerId, { abandon: true })) {
      throw new AppError('CONFLICT', 'すでに会員としてご登録いただいています。');
    }
    attempt = await openAttempt(db, provider, { member, customerId, plan });
  }
  // A click that waited (here, for the customer) while another one paid finds no open attempt and opens a new one.
  // The paid attempt was closed in the transaction that made the member premium, so that is seen now: asking the
  // provider under the new attempt's key would charge a second time. So would a voucher issued meanwhile (konbini
  // chosen in another tab): its row was written before its provider call, so one being issued is seen as well.
  await refuseIfPremium(db, provider, member);
  await refuseIfVoucherOpen(db, provider, member);
  const started = await provider
    .startSubscription({
      siteId: member.siteId,
      memberId: member.id,
      customerId,
      plan,
      card: input.card,
      attemptId: attempt.id,
    })
    .catch(cardRefused);
  await noteAttemptSubscription(db, attempt.id, started.subscriptionId);
  if (started.kind === 'complete') {
    const state = await completeSubscription(db, provider, started.subscriptionId);
    if (!state?.paid) throw new AppError('UNAVAILABLE');
    // A voucher issued while this click was at the provider (konbini chosen in another tab) would pay for the same
    // period again: it is cancelled now, not at the next reconciliation. The reconciliation cancels one still being
    // issued now, and one this call fails to cancel; the card has paid, so a failure here is not the payment's.
    await cancelVoucherBesideCard(db, provider, member);
  }
  return started;
}

async function requireRunning(db: Db, member: Member): Promise<Subscription> {
  const subscription = await latestSubscription(db, member.id);
  if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw new AppError('CONFLICT', 'ご利用中のプランがありません。');
  }
  if (subscription.method === 'konbini') {
    throw new AppError(
      'CONFLICT',
      'コンビニ払いの会員期間は自動で更新されないため、このお手続きは不要です。',
    );
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
  // The reason travels with the cancellation (the provider keeps it, as Stripe's cancellation_details), so it is
  // written with the new state in one transaction, by this request or by the provider's event, never apart.
  await provider.setCancelAtPeriodEnd(subscription.providerSubscriptionId, change.cancel, change.reason);
  await completeSubscription(db, provider, subscription.providerSubscriptionId);
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
      subscriptionId: subscription?.method === 'card' ? subscription.providerSubscriptionId : null,
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
  // Only the member's own subscription (its customer is theirs, not only metadata that names them); what it grants
  // is decided by applySubscriptionState, which makes nobody a member without a paid invoice.
  const state = await provider.retrieveSubscription(subscriptionId);
  const own =
    state !== null &&
    member.billingCustomerId !== null &&
    state.customerId === member.billingCustomerId &&
    state.memberId === member.id &&
    state.siteId === member.siteId;
  if (!own) throw new AppError('NOT_FOUND');
  const written = await completeSubscription(db, provider, subscriptionId);
  const status = effectiveStatus(written ?? state);
  // Back from 3-D Secure: a voucher issued in another tab meanwhile is cancelled now, as startPayment does for a
  // card that completes at once (the reconciliation would, within 30 s).
  if (status === 'active') await cancelVoucherBesideCard(db, provider, member);
  return status;
}

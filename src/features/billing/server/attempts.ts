import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { paymentAttempts } from '@/server/db/schema';
import type { BillablePlan, PaymentProvider, SubscriptionState } from '@/server/payments/types';
import type { Member } from '@/features/membership';
import { applySubscriptionState, lockAndRetrieve } from '@/features/billing/server/events';

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

async function findOpenAttempt(db: Db, memberId: string): Promise<PaymentAttempt | null> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.memberId, memberId),
        eq(paymentAttempts.purpose, 'membership'),
        eq(paymentAttempts.status, 'open'),
      ),
    );
  return row ?? null;
}

/**
 * Reads the subscription from the provider and writes it, with everything that follows from it (joining, the
 * attempt settled), in one transaction under the subscription's lock. Safe to run any number of times, from any
 * instance, beside the provider's own events.
 */
export async function completeSubscription(
  db: Db,
  provider: Pick<PaymentProvider, 'kind' | 'retrieveSubscription'>,
  subscriptionId: string,
): Promise<SubscriptionState | null> {
  return db.transaction(async (tx) => {
    const state = await lockAndRetrieve(tx, provider, subscriptionId);
    if (state) await applySubscriptionState(tx, provider.kind, state);
    return state;
  });
}

/** Marks an open attempt that charged nothing as given up. */
export async function abandonAttempt(db: Db, attemptId: string): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status: 'abandoned', settledAt: new Date() })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, 'open')));
}

/**
 * Settles an open attempt by what the provider has of it: a paid subscription is completed (the member joins), an
 * unpaid one or none is left alone unless `abandon`, when it is marked given up. Answers whether it was paid.
 */
export async function settleOpenAttempt(
  db: Db,
  provider: PaymentProvider,
  attempt: PaymentAttempt,
  customerId: string,
  options: { abandon: boolean },
): Promise<boolean> {
  const state = await provider.findSubscriptionOfAttempt({
    customerId,
    attemptId: attempt.id,
    subscriptionId: attempt.providerSubscriptionId,
  });
  if (state?.paid) {
    await completeSubscription(db, provider, state.providerSubscriptionId);
    return true;
  }
  if (options.abandon) await abandonAttempt(db, attempt.id);
  return false;
}

/**
 * The member's payment attempt for this plan, written (committed) before the provider is called: the one still
 * open, or a new one. An open attempt for another plan (the member went back and chose again) is settled first: if
 * the provider was paid for it after all, the member has joined and this payment is refused.
 */
export async function openAttempt(
  db: Db,
  provider: PaymentProvider,
  input: { member: Member; customerId: string; plan: BillablePlan },
): Promise<PaymentAttempt> {
  const { member, customerId, plan } = input;
  const open = await findOpenAttempt(db, member.id);
  if (open?.planId === plan.id) return open;
  if (open && (await settleOpenAttempt(db, provider, open, customerId, { abandon: true }))) {
    throw new AppError('CONFLICT', 'すでに会員としてご登録いただいています。');
  }
  await db
    .insert(paymentAttempts)
    .values({
      siteId: member.siteId,
      memberId: member.id,
      planId: plan.id,
      purpose: 'membership',
      provider: provider.kind,
    })
    // Two first clicks at once: the one-open-attempt index lets one in, and both go on with it.
    .onConflictDoNothing();
  const attempt = await findOpenAttempt(db, member.id);
  if (!attempt) throw new AppError('UNAVAILABLE');
  return attempt;
}

/** Remembers which subscription the attempt made (Stripe's idempotency keys are kept 24 hours; this for good). */
export async function noteAttemptSubscription(
  db: Db,
  attemptId: string,
  subscriptionId: string,
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ providerSubscriptionId: subscriptionId })
    .where(and(eq(paymentAttempts.id, attemptId), sql`${paymentAttempts.providerSubscriptionId} is null`));
}

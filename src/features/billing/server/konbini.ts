import 'server-only';
import { and, desc, eq, exists, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '@/lib/errors';
import { formatDateJa } from '@/lib/dates';
import type { Db } from '@/server/db/client';
import { oneOffPayments, plans, subscriptions } from '@/server/db/schema';
import type { PaymentProvider } from '@/server/payments/types';
import type { Site } from '@/features/site';
import { isPremiumSubscription, type Member } from '@/features/membership';
import { notify } from '@/features/notices/server';
import { findPlan, type Plan } from '@/features/membership/server';
import { ensureCustomer } from '@/features/billing/server/customer';
import { applySubscriptionState } from '@/features/billing/server/events';
import { konbiniRenewal } from '@/features/billing/server/konbini-renewal';
import {
  applyKonbiniState,
  completeKonbini,
  type OneOffPayment,
} from '@/features/billing/server/konbini-apply';

/** Days a voucher can be paid (Stripe's default is 3; the usual in Japan). */
export const KONBINI_DAYS = 3;
const OPEN = ['issuing', 'pending'] as const;
/** An `issuing` row older than this is one a crash interrupted (reconcileKonbini finishes it), not one being issued. */
const ISSUING_INTERRUPTED_MS = 60_000;

/** Whether the site offers konbini for this plan (the site configuration's KONBINI_PAYMENT). */
export function konbiniOffered(site: Site, plan: Pick<Plan, 'interval'>): boolean {
  const setting = site.config.KONBINI_PAYMENT;
  return setting.enabled && setting.intervals.includes(plan.interval);
}

/** The member's open (issuing or pending) konbini payment for a membership period, if any. */
export async function openKonbini(db: Db, member: Member): Promise<OneOffPayment | null> {
  const [row] = await db
    .select()
    .from(oneOffPayments)
    .where(
      and(
        eq(oneOffPayments.memberId, member.id),
        eq(oneOffPayments.purpose, 'membership'),
        inArray(oneOffPayments.status, [...OPEN]),
      ),
    )
    .orderBy(desc(oneOffPayments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The open voucher as it stands now: one whose deadline passed is asked about and written expired (or paid, if the
 * money arrived after all), so that the fan can choose again.
 */
export async function currentVoucher(
  db: Db,
  provider: PaymentProvider,
  member: Member,
): Promise<OneOffPayment | null> {
  const open = await openKonbini(db, member);
  if (!open?.providerPaymentId || !open.expiresAt) return open;
  if (open.expiresAt > (await provider.now(member.siteId))) return open;
  const settled = await completeKonbini(db, provider, open.providerPaymentId, member.siteId);
  return settled && OPEN.includes(settled.status as (typeof OPEN)[number]) ? settled : null;
}

/**
 * The voucher that stands in the way of paying another way: one the fan can still pay, or one being issued right now
 * (its click is past its checks and may be at the provider). An `issuing` row a crash left is not: it would hold the
 * fan back until reconciliation finishes it, and no click of the fan is issuing it.
 */
export async function voucherInTheWay(
  db: Db,
  provider: PaymentProvider,
  member: Member,
): Promise<OneOffPayment | null> {
  const voucher = await currentVoucher(db, provider, member);
  if (voucher?.status === 'pending') return voucher;
  if (voucher?.status === 'issuing' && Date.now() - voucher.createdAt.getTime() < ISSUING_INTERRUPTED_MS) {
    return voucher;
  }
  return null;
}

/** Why no voucher may be issued now (a premium member whose next period is not open yet), or null. */
async function renewalRefusal(db: Db, provider: PaymentProvider, member: Member): Promise<AppError | null> {
  const renewal = await konbiniRenewal(db, provider, member);
  if (renewal.mayPay) return null;
  return new AppError(
    'CONFLICT',
    renewal.opensAt
      ? `次の期間のお支払いは${formatDateJa(renewal.opensAt)}から受け付けます。`
      : 'すでに会員としてご登録いただいています。',
  );
}

/**
 * Issues a konbini voucher for a membership period of `planId` (the payment for a purpose of docs/decisions/0026):
 * the row is written as `issuing` before the provider is called and its id is the idempotency key, so a double
 * click or a retry after any failure answers the same voucher. A voucher still open is answered as it is.
 */
export async function issueKonbiniPayment(
  db: Db,
  provider: PaymentProvider,
  input: { site: Site; member: Member; planId: string; email: string | null },
): Promise<OneOffPayment> {
  const { site, member } = input;
  const plan = await findPlan(db, site.id, input.planId);
  if (!plan?.active) throw new AppError('BAD_REQUEST', 'このプランはお申し込みいただけません。');
  if (!konbiniOffered(site, plan)) {
    throw new AppError('BAD_REQUEST', 'このプランはコンビニ払いをご利用いただけません。');
  }
  const open = await currentVoucher(db, provider, member);
  if (open?.status === 'pending') return open;
  const refused = await renewalRefusal(db, provider, member);
  if (refused) throw refused;
  const customerId = await ensureCustomer(db, provider, member, input.email);
  await db
    .insert(oneOffPayments)
    .values({
      siteId: site.id,
      memberId: member.id,
      purpose: 'membership',
      planId: plan.id,
      provider: provider.kind,
      amountYen: plan.priceYen,
    })
    // Two first clicks at once: the one-open-payment index lets one in, and both go on with it.
    .onConflictDoNothing();
  const attempt = await openKonbini(db, member);
  if (!attempt) throw new AppError('UNAVAILABLE');
  // A click that waited (here, for the customer) while the fan paid the voucher before finds none open and opened a
  // new row. That payment made the fan a member in the transaction that closed the voucher, so that is seen now:
  // issuing under the new row's key would send a second voucher for a period already paid. A row the provider has
  // answered already is that voucher, answered as it is.
  if (!attempt.providerPaymentId) {
    const late = await renewalRefusal(db, provider, member);
    if (late) {
      await db
        .update(oneOffPayments)
        .set({ status: 'canceled' })
        .where(and(eq(oneOffPayments.id, attempt.id), eq(oneOffPayments.status, 'issuing')));
      throw late;
    }
  }
  const state = await provider.issueKonbini({
    siteId: site.id,
    memberId: member.id,
    customerId,
    amountYen: attempt.amountYen,
    description: `${site.config.SERVICE_NAME} 会費`,
    attemptId: attempt.id,
    days: KONBINI_DAYS,
  });
  const at = await provider.now(site.id);
  const written = await db.transaction((tx) => applyKonbiniState(tx, state, at));
  if (!written) throw new AppError('UNAVAILABLE');
  return written;
}

/**
 * The sandbox's "paid at the till" for the member's own voucher: paid once however often or concurrently asked; a
 * voucher of someone else is 404, an expired one 409 and changes nothing.
 */
export async function markKonbiniPaid(
  db: Db,
  provider: PaymentProvider & { payKonbini(id: string): Promise<unknown> },
  member: Member,
  paymentId: string,
): Promise<OneOffPayment> {
  const [row] = await db
    .select()
    .from(oneOffPayments)
    .where(and(eq(oneOffPayments.id, paymentId), eq(oneOffPayments.memberId, member.id)));
  if (!row?.providerPaymentId) throw new AppError('NOT_FOUND');
  if (row.status === 'paid') return row;
  await provider.payKonbini(row.providerPaymentId);
  const settled = await completeKonbini(db, provider, row.providerPaymentId, member.siteId);
  if (settled?.status !== 'paid') {
    throw new AppError('CONFLICT', 'お支払い期限を過ぎたため、このお支払い番号はご利用いただけません。');
  }
  await endCardsBesidePaidVoucher(db, provider, settled);
  return settled;
}

/**
 * Reconciliation of konbini payments (beside 0018's): a voucher whose issuing a crash interrupted is completed from
 * the provider, or given up after an hour when the provider issued nothing; a pending one past its deadline is
 * asked about and written paid or expired.
 */
export async function reconcileKonbini(db: Db, provider: PaymentProvider, now = new Date()): Promise<void> {
  const stale = await db
    .select()
    .from(oneOffPayments)
    .where(
      // A presale win's card charge (method card) is settled by the presale job with its own key.
      or(
        and(
          eq(oneOffPayments.method, 'konbini'),
          eq(oneOffPayments.status, 'issuing'),
          lt(oneOffPayments.createdAt, new Date(now.getTime() - ISSUING_INTERRUPTED_MS)),
        ),
        and(
          eq(oneOffPayments.method, 'konbini'),
          eq(oneOffPayments.status, 'pending'),
          lt(oneOffPayments.expiresAt, now),
        ),
      ),
    )
    .limit(200);
  for (const row of stale) {
    const state = row.providerPaymentId
      ? await provider.retrieveKonbini(row.providerPaymentId)
      : await provider.findKonbiniOfAttempt(row.id);
    if (state) {
      await completeKonbini(db, provider, state.providerPaymentId, row.siteId);
    } else if (row.status === 'issuing' && now.getTime() - row.createdAt.getTime() > 3600_000) {
      await db
        .update(oneOffPayments)
        .set({ status: 'canceled' })
        .where(and(eq(oneOffPayments.id, row.id), eq(oneOffPayments.status, 'issuing')));
    }
  }
  await cancelVouchersBesideCard(db, provider, { now });
  await endCardsBesideKonbini(db, provider, { now });
}

/**
 * A card subscription in these statuses is charged for the period running now (`active` is written only once paid,
 * events.ts effectiveStatus). Not `past_due`: the card's renewal failed, the member is not premium, and a voucher is
 * how konbiniRenewal lets them go on; nor `canceled`: nothing renews. cardPaysNow asks isPremiumSubscription as well,
 * so a card whose member left and whose period has ended does not count either.
 */
const CARD_PAYS = ['active', 'trialing'] as const;

/** The member's subscriptions of `method` in `statuses` that make them premium at `at` (on the site's clock). */
async function periodsAt(
  db: Db,
  memberId: string,
  method: 'card' | 'konbini',
  statuses: readonly (typeof subscriptions.$inferSelect)['status'][],
  at: Date,
): Promise<(typeof subscriptions.$inferSelect)[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.memberId, memberId),
        eq(subscriptions.method, method),
        inArray(subscriptions.status, [...statuses]),
      ),
    );
  return rows.filter((row) => isPremiumSubscription(row, at));
}

/** Whether the member's card pays for now: a card subscription of CARD_PAYS that makes them premium at `at`. */
async function cardPaysNow(db: Db, memberId: string, at: Date): Promise<boolean> {
  return (await periodsAt(db, memberId, 'card', CARD_PAYS, at)).length > 0;
}

/**
 * Cancels the membership vouchers still payable of members whose card pays now. The card side refuses while a
 * voucher is open (voucherInTheWay), but the voucher side only asks whether the member is premium: a card click
 * already at the provider, or a card waiting for 3-D Secure, becomes premium after a voucher was issued in another
 * tab. Paid, that voucher would add a konbini period on top of the card's: the same time paid twice. Run by the
 * reconciliation (every ordering, after any crash) and by startPayment when its card completes (the common case at
 * once). Each step is idempotent: the provider's cancellation, the conditional write, the notice's key.
 *
 * The provider is called outside any transaction; its answer is applied as every konbini state is (applyKonbiniState).
 * My page shows a voucher only while it is `issuing` or `pending` (currentVoucher, through openKonbini: billing-panel
 * and the payment step), and the payment history leaves out `canceled`: a cancelled voucher disappears from both, and
 * the notice says why.
 */
export async function cancelVouchersBesideCard(
  db: Db,
  provider: PaymentProvider,
  scope: { memberId: string } | { now: Date },
): Promise<number> {
  const now = 'now' in scope ? scope.now : new Date();
  const rows = await db
    .select()
    .from(oneOffPayments)
    .where(
      and(
        eq(oneOffPayments.purpose, 'membership'),
        eq(oneOffPayments.method, 'konbini'),
        eq(oneOffPayments.status, 'pending'),
        'memberId' in scope ? eq(oneOffPayments.memberId, scope.memberId) : undefined,
        exists(
          db
            .select({ one: sql`1` })
            .from(subscriptions)
            .where(
              and(
                eq(subscriptions.memberId, oneOffPayments.memberId),
                eq(subscriptions.method, 'card'),
                inArray(subscriptions.status, [...CARD_PAYS]),
                or(eq(subscriptions.cancelAtPeriodEnd, false), gt(subscriptions.currentPeriodEnd, now)),
              ),
            ),
        ),
      ),
    )
    .limit(200);
  let canceled = 0;
  for (const row of rows) {
    if (!row.providerPaymentId) continue;
    // On the site's own clock (the sandbox's test clock may run ahead): a card whose member left and whose period
    // has ended there no longer pays, and a voucher then is the member's choice.
    const at = await provider.now(row.siteId);
    if (!(await cardPaysNow(db, row.memberId, at))) continue;
    const state = await provider.cancelKonbini(row.providerPaymentId);
    if (!state) {
      console.warn(`billing: konbini payment ${row.providerPaymentId} is unknown to the provider`);
      continue;
    }
    const done = await db.transaction(async (tx) => {
      // `paid`: the money arrived before the cancellation. It is recorded as any paid voucher is: its konbini period
      // starts at the payment, beside the card's, and the member has paid twice for that time. Nothing here refunds
      // it: the payment is on record, and the fan has the receipt and the payment notice.
      const written = await applyKonbiniState(tx, state, at);
      if (!written || (written.status !== 'expired' && written.status !== 'canceled')) return false;
      // Past its deadline before we asked, it expired on its own: nothing of ours to tell.
      if (written.status === 'expired' && state.expiresAt && state.expiresAt <= at) return false;
      await tx
        .update(oneOffPayments)
        .set({ status: 'canceled' })
        .where(and(eq(oneOffPayments.id, row.id), eq(oneOffPayments.status, 'expired')));
      const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, row.planId!));
      return notify(tx, {
        siteId: row.siteId,
        memberId: row.memberId,
        kind: 'konbini-voucher-canceled',
        key: `konbini-voucher-canceled:${row.id}`,
        data: {
          planName: plan!.name,
          amountYen: row.amountYen,
          paymentNumber: row.paymentNumber,
        },
      });
    });
    if (done) {
      canceled += 1;
      console.log(`billing: konbini voucher ${row.id} canceled: the member's card pays for the same period`);
    }
  }
  return canceled;
}

/**
 * A card subscription in these statuses failed to renew: the member is not premium by it (so konbiniRenewal lets them
 * pay the period at a konbini), but the provider goes on trying its open invoice (Stripe's smart retries).
 */
const CARD_UNPAID = ['past_due', 'unpaid'] as const;

/** The end of the member's konbini period paid for `at` (the last one paid), or null when none runs then. */
async function konbiniPaidUntil(db: Db, memberId: string, at: Date): Promise<Date | null> {
  const ends = (await periodsAt(db, memberId, 'konbini', ['active'], at)).map((period) =>
    period.currentPeriodEnd!.getTime(),
  );
  return ends.length > 0 ? new Date(Math.max(...ends)) : null;
}

/**
 * Ends the card subscriptions whose renewal failed (CARD_UNPAID) of members who paid for now at a konbini. The
 * konbini period was paid because the card did not pay; a retry of the card's open invoice that succeeds after it
 * would pay the same time twice (the card's period on top of the konbini's). So the card is ended at once, refunding
 * nothing (it has charged nothing for that time), and the provider no longer collects its open invoice: the mirror of
 * cancelVouchersBesideCard. Run by the reconciliation (every ordering, after any crash) and right after a membership
 * voucher is paid (endCardsOfPayer: the sandbox's till, Stripe's webhook). Each step is idempotent: the provider's
 * end, the state applied, the notice's key.
 *
 * The provider is called outside any transaction; its answer is applied as every subscription state is
 * (applySubscriptionState, under the subscription's lock). Canceled, the card is not premium, not counted by the
 * reconciliation as a second payment, and no longer stands in the way of the next voucher (konbiniRenewal).
 */
export async function endCardsBesideKonbini(
  db: Db,
  provider: PaymentProvider,
  scope: { memberId: string } | { now: Date },
): Promise<number> {
  const now = 'now' in scope ? scope.now : new Date();
  const konbini = alias(subscriptions, 'konbini');
  const cards = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.method, 'card'),
        inArray(subscriptions.status, [...CARD_UNPAID]),
        // Another provider's (a site that changed provider) is not this one's to end.
        eq(subscriptions.provider, provider.kind),
        'memberId' in scope ? eq(subscriptions.memberId, scope.memberId) : undefined,
        exists(
          db
            .select({ one: sql`1` })
            .from(konbini)
            .where(
              and(
                eq(konbini.memberId, subscriptions.memberId),
                eq(konbini.method, 'konbini'),
                eq(konbini.status, 'active'),
                gt(konbini.currentPeriodEnd, now),
              ),
            ),
        ),
      ),
    )
    .limit(200);
  let ended = 0;
  for (const card of cards) {
    // On the site's own clock (the sandbox's test clock may run ahead): a konbini period that has ended there pays
    // for nothing now, and the card is the member's way back.
    const at = await provider.now(card.siteId);
    const paidUntil = await konbiniPaidUntil(db, card.memberId, at);
    if (!paidUntil) continue;
    const state = await provider.endSubscription(card.providerSubscriptionId);
    if (!state) {
      console.warn(`billing: subscription ${card.providerSubscriptionId} is unknown to the provider`);
      continue;
    }
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${card.providerSubscriptionId}))`);
      await applySubscriptionState(tx, provider.kind, state, at);
      if (state.status !== 'canceled') return false;
      const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, card.planId));
      return notify(tx, {
        siteId: card.siteId,
        memberId: card.memberId,
        kind: 'card-ended-beside-konbini',
        key: `card-ended-beside-konbini:${card.providerSubscriptionId}`,
        data: { planName: plan!.name, paidUntil: paidUntil.toISOString() },
      });
    });
    if (done) {
      ended += 1;
      console.log(
        `billing: card subscription ${card.providerSubscriptionId} ended: its member paid for the time at a konbini`,
      );
    }
  }
  return ended;
}

/**
 * After a konbini payment (the sandbox's till, Stripe's webhook): when it paid a membership period, the payer's card
 * whose renewal failed is ended now (endCardsBesideKonbini), not at the next reconciliation. The voucher is paid
 * whatever happens here, so a failure is left to the reconciliation.
 */
async function endCardsBesidePaidVoucher(
  db: Db,
  provider: PaymentProvider,
  voucher: Pick<OneOffPayment, 'memberId' | 'purpose' | 'status'>,
): Promise<void> {
  if (voucher.purpose !== 'membership' || voucher.status !== 'paid') return;
  await endCardsBesideKonbini(db, provider, { memberId: voucher.memberId }).catch((error: unknown) =>
    console.warn(
      'billing: a card beside a paid voucher is left to reconciliation:',
      (error as Error).message,
    ),
  );
}

/** endCardsBesidePaidVoucher for the payment an event names (Stripe's webhook knows only the provider's id). */
export async function endCardsOfPayer(db: Db, provider: PaymentProvider, paymentId: string): Promise<void> {
  const [paid] = await db
    .select()
    .from(oneOffPayments)
    .where(eq(oneOffPayments.providerPaymentId, paymentId));
  if (paid) await endCardsBesidePaidVoucher(db, provider, paid);
}

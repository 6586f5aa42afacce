import { TEST_CARDS, addInterval, newId, type SubscriptionRecord } from '@/test/stripe-stand-in-books';
import type { Emit } from '@/test/stripe-stand-in-routes';
import type { Account } from '@/test/stripe-stand-in-schedules';

/**
 * What happens at Stripe without a request from us, for tests to cause: time passing on the account's test clock
 * (renewals, a schedule's next phase, vouchers running out), a fan paying a voucher at the store, a chargeback.
 */
export function accountHelpers(books: Account, emit: Emit) {
  const RUNNING = ['active', 'past_due', 'trialing'];

  /** The next period's invoice: paid by the subscription's card, or open after a failed attempt. */
  function renewal(subscription: SubscriptionRecord, outcome: 'paid' | 'failed'): string {
    const price = books.get(books.prices, 'price', subscription.price);
    const last = [...books.invoices.values()].filter((i) => i.subscription === subscription.id).at(-1);
    const invoice = {
      id: newId('in'),
      customer: subscription.customer,
      subscription: subscription.id,
      status: outcome === 'paid' ? ('paid' as const) : ('open' as const),
      attempted: true,
      amount: price.unitAmount,
      clientSecret: `${newId('pi')}_secret_${newId('s').slice(2)}`,
      // Seconds after the previous one, so that the order is never a tie.
      created: Math.max(books.now(), (last?.created ?? 0) + 1),
      periodStart: subscription.periodEnd,
      periodEnd: addInterval(subscription.periodEnd, price.interval),
      billingReason: 'subscription_cycle',
    };
    books.invoices.set(invoice.id, invoice);
    if (outcome === 'paid') {
      const method = subscription.defaultPaymentMethod
        ? books.paymentMethods.get(subscription.defaultPaymentMethod)
        : undefined;
      books.payInvoice(invoice, method?.card ?? TEST_CARDS.visa, method?.id ?? null);
      subscription.periodStart = invoice.periodStart;
      subscription.periodEnd = invoice.periodEnd;
    }
    subscription.latestInvoice = invoice.id;
    if (outcome === 'paid') emit('customer.subscription.updated', books.subscription(subscription));
    emit('invoice.created', books.invoice(invoice));
    emit('invoice.finalized', books.invoice(invoice));
    if (outcome === 'failed') {
      emit('invoice.payment_failed', books.invoice(invoice));
    } else {
      emit('invoice.paid', books.invoice(invoice));
      emit('invoice.payment_succeeded', books.invoice(invoice));
    }
    return invoice.id;
  }

  /**
   * At a period end, the subscription's schedule moves on: past its last phase it lets go (end_behavior release);
   * a phase starting now sets the price and (declaratively) the metadata, an empty value removing a key.
   */
  function enterPhase(subscription: SubscriptionRecord): void {
    const schedule = subscription.schedule ? books.schedules.get(subscription.schedule) : undefined;
    if (!schedule || schedule.status !== 'active') return;
    const at = subscription.periodEnd;
    if (schedule.phases.at(-1)!.endDate <= at && schedule.endBehavior === 'release') {
      books.release(schedule);
      emit('subscription_schedule.released', books.schedule(schedule));
      return;
    }
    const next = schedule.phases.find((phase) => phase.startDate === at);
    if (!next) return;
    subscription.price = next.items[0]!.price;
    for (const [key, value] of Object.entries(next.metadata)) {
      if (value === '') delete subscription.metadata[key];
      else subscription.metadata[key] = value;
    }
    emit('subscription_schedule.updated', books.schedule(schedule));
  }

  function expireVouchers(): void {
    for (const intent of books.intents.values()) {
      if (intent.status !== 'requires_action' || !intent.konbini) continue;
      if (intent.konbini.expiresAt >= books.now()) continue;
      intent.status = 'canceled';
      intent.canceledAt = intent.konbini.expiresAt + 1;
      intent.cancellationReason = 'expired';
      emit('payment_intent.canceled', books.intent(intent));
    }
  }

  return {
    /** The next period's invoice now (paid, or failed: a declined renewal); returns its id. */
    renew(subscriptionId: string, outcome: 'paid' | 'failed' = 'paid'): string {
      return renewal(books.get(books.subscriptions, 'subscription', subscriptionId), outcome);
    },

    /**
     * Moves the account's test clock on by `seconds` and applies what fell due meanwhile, in time order per
     * subscription: renewals (entering a schedule's phase), the end of a subscription set to leave, and unpaid
     * vouchers past their deadline, which Stripe cancels (cancellation_reason `expired`).
     */
    advance(seconds: number): void {
      books.advance(seconds);
      for (const subscription of books.subscriptions.values()) {
        while (RUNNING.includes(subscription.status) && subscription.periodEnd <= books.now()) {
          if (subscription.cancelAtPeriodEnd) {
            subscription.status = 'canceled';
            subscription.endedAt = subscription.periodEnd;
            books.stopCollecting(subscription.customer);
            emit('customer.subscription.deleted', books.subscription(subscription));
            break;
          }
          enterPhase(subscription);
          renewal(subscription, 'paid');
        }
      }
      expireVouchers();
    },

    /**
     * Stripe's smart retries of failed renewals: each open invoice a payment was tried for is tried again, unless
     * Stripe stopped collecting it (a subscription of its customer was cancelled: Books.stopCollecting), and the card
     * pays it: the period it is for begins and a past_due subscription is active again. Answers the invoices paid.
     */
    retryFailedInvoices(): string[] {
      const paid: string[] = [];
      for (const invoice of books.invoices.values()) {
        if (invoice.status !== 'open' || invoice.attempted !== true || invoice.autoAdvance === false)
          continue;
        const subscription = books.get(books.subscriptions, 'subscription', invoice.subscription);
        const method = subscription.defaultPaymentMethod
          ? books.paymentMethods.get(subscription.defaultPaymentMethod)
          : undefined;
        books.payInvoice(invoice, method?.card ?? TEST_CARDS.visa, method?.id ?? null);
        invoice.status = 'paid';
        if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
          subscription.status = 'active';
          subscription.periodStart = invoice.periodStart;
          subscription.periodEnd = invoice.periodEnd;
        }
        emit('invoice.paid', books.invoice(invoice));
        emit('invoice.payment_succeeded', books.invoice(invoice));
        emit('customer.subscription.updated', books.subscription(subscription));
        paid.push(invoice.id);
      }
      return paid;
    },

    /** The fan pays the voucher at the store: the charge (with the konbini fee) and payment_intent.succeeded. */
    payKonbini(intentId: string): string {
      const intent = books.intentRecord(intentId);
      if (intent.status !== 'requires_action' || !intent.konbini) {
        throw new Error(`PaymentIntent ${intentId} is ${intent.status}: no voucher to pay`);
      }
      if (intent.konbini.expiresAt < books.now()) throw new Error(`the voucher of ${intentId} has expired`);
      const charge = books.succeed(intent, null);
      emit('charge.succeeded', books.charge(charge));
      emit('payment_intent.succeeded', books.intent(intent));
      return charge.id;
    },

    /** The card holder's bank disputes the payment (a chargeback): charge.dispute.created and the funds withdrawn. */
    openDispute(intentId: string, reason = 'fraudulent'): string {
      const intent = books.intentRecord(intentId);
      const charge = intent.latestCharge ? books.charges.get(intent.latestCharge) : undefined;
      if (!charge) throw new Error(`PaymentIntent ${intentId} has no charge to dispute`);
      const dispute = books.recordDispute(charge, reason);
      emit('charge.dispute.created', books.dispute(dispute));
      emit('charge.dispute.funds_withdrawn', books.dispute(dispute));
      return dispute.id;
    },

    /** The card company decides the dispute: won reinstates the funds (funds_reinstated), then charge.dispute.closed. */
    closeDispute(disputeId: string, outcome: 'won' | 'lost'): void {
      const dispute = books.get(books.disputes, 'dispute', disputeId);
      books.closeDispute(dispute, outcome);
      if (outcome === 'won') emit('charge.dispute.funds_reinstated', books.dispute(dispute));
      emit('charge.dispute.closed', books.dispute(dispute));
    },

    /**
     * The fan completes the card company's 3-D Secure challenge of an intent waiting for it, as Stripe.js's
     * confirmCardPayment does in the browser: the card is charged (charge.succeeded, payment_intent.succeeded).
     */
    authenticate(intentId: string): string {
      const intent = books.intentRecord(intentId);
      if (intent.status !== 'requires_action' || !intent.needsAuthentication) {
        throw new Error(`PaymentIntent ${intentId} is ${intent.status}: nothing to authenticate`);
      }
      const method = books.paymentMethods.get(intent.paymentMethod ?? '');
      if (!method) throw new Error(`PaymentIntent ${intentId} has no card`);
      const charge = books.succeed(intent, method.card);
      emit('charge.succeeded', books.charge(charge));
      emit('payment_intent.succeeded', books.intent(intent));
      return charge.id;
    },

    /** The account's time (its test clock). */
    now: () => new Date(books.now() * 1000),
    /** Stripe's truth about a PaymentIntent, as GET /v1/payment_intents/:id would answer it. */
    paymentIntent: (id: string) => books.intent(books.intentRecord(id)),
    /** A charge with its balance transaction expanded (the fee). */
    charge(id: string) {
      const charge = books.get(books.charges, 'charge', id);
      const balance = charge.balanceTransaction ? books.balance.get(charge.balanceTransaction) : undefined;
      return {
        ...books.charge(charge),
        balance_transaction: balance ? books.balanceTransaction(balance) : null,
      };
    },
    schedule: (id: string) => books.schedule(books.get(books.schedules, 'subscription_schedule', id)),
    /** The PaymentIntents whose metadata has these values, newest first. */
    intentsWith: (metadata: Record<string, string>) =>
      [...books.intents.values()]
        .filter((i) => Object.entries(metadata).every(([key, value]) => i.metadata[key] === value))
        .sort((a, b) => b.created - a.created)
        .map((i) => i.id),
  };
}

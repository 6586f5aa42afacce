import 'server-only';
import Stripe from 'stripe';
import { call, isMissing, toKonbiniState, toSubscriptionState } from '@/server/payments/stripe-mapping';
import type { BillablePlan, KonbiniState, SubscriptionState } from '@/server/payments/types';

/**
 * Stripe's side of konbini payments and plan changes (docs/decisions/0026), apart from stripe.ts to keep it short.
 * Both run against the local stand-in of Stripe's API (src/features/billing/server/stripe-paths.int.test.ts).
 */
export function stripeKonbini(
  stripe: Stripe,
  findOrCreatePrice: (siteId: string, plan: BillablePlan) => Promise<Stripe.Price>,
) {
  const ours = (intent: Stripe.PaymentIntent): KonbiniState => {
    const state = toKonbiniState(intent);
    if (!state) throw new Error(`Stripe PaymentIntent ${intent.id} has no site, member or attempt`);
    return state;
  };

  /**
   * A schedule made from the subscription. No idempotency key of ours: one fixed per subscription would, within
   * Stripe's 24 hours, answer a change made after one taken back with the first change's schedule, released since
   * (and refused when updated). A second change at the same time is refused by Stripe (the subscription already has
   * a schedule): the schedule it has is used.
   */
  async function newSchedule(subscriptionId: string): Promise<Stripe.SubscriptionSchedule> {
    try {
      return await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const { schedule } = await stripe.subscriptions.retrieve(subscriptionId);
      if (!schedule) throw error;
      return stripe.subscriptionSchedules.retrieve(typeof schedule === 'string' ? schedule : schedule.id);
    }
  }

  return {
    issueKonbini: (input: {
      siteId: string;
      memberId: string;
      customerId: string;
      amountYen: number;
      description: string;
      attemptId: string;
      days: number;
    }) =>
      call(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountYen,
            currency: 'jpy',
            customer: input.customerId,
            description: input.description,
            allowed_payment_method_types: ['konbini'],
            payment_method_data: { type: 'konbini' },
            payment_method_options: { konbini: { expires_after_days: input.days } },
            confirm: true,
            metadata: { site_id: input.siteId, member_id: input.memberId, attempt_id: input.attemptId },
          },
          // Our one-off payment is the intent: asked again, Stripe answers with the voucher it issued.
          { idempotencyKey: input.attemptId },
        );
        return ours(intent);
      }),

    retrieveKonbini: (paymentId: string) =>
      call(async () => {
        try {
          return toKonbiniState(await stripe.paymentIntents.retrieve(paymentId));
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      }),

    findKonbiniOfAttempt: (attemptId: string) =>
      call(async () => {
        const found = await stripe.paymentIntents.search({ query: `metadata['attempt_id']:'${attemptId}'` });
        return found.data[0] ? toKonbiniState(found.data[0]) : null;
      }),

    /** A subscription schedule whose next phase is the new plan's price, released after it (end_behavior). */
    schedulePlanChange: (subscriptionId: string, plan: BillablePlan | null, siteId: string) =>
      call(async (): Promise<SubscriptionState> => {
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        const scheduleId =
          typeof subscription.schedule === 'string' ? subscription.schedule : subscription.schedule?.id;
        if (!plan) {
          if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
        } else {
          const price = await findOrCreatePrice(siteId, plan);
          const schedule = scheduleId
            ? await stripe.subscriptionSchedules.retrieve(scheduleId)
            : await newSchedule(subscriptionId);
          const current = schedule.phases[0]!;
          await stripe.subscriptionSchedules.update(schedule.id, {
            end_behavior: 'release',
            proration_behavior: 'none',
            phases: [
              {
                items: current.items.map((item) => ({
                  price: typeof item.price === 'string' ? item.price : item.price.id,
                })),
                start_date: current.start_date,
                end_date: current.end_date,
              },
              {
                items: [{ price: price.id }],
                duration: { interval: plan.interval, interval_count: 1 },
                metadata: { ...subscription.metadata, plan_id: plan.id, next_plan_id: '' },
              },
            ],
          });
        }
        const updated = await stripe.subscriptions.update(subscriptionId, {
          metadata: { next_plan_id: plan?.id ?? '' },
        });
        const state = toSubscriptionState(updated);
        if (!state) throw new Error(`Stripe subscription ${subscriptionId} is not ours`);
        return state;
      }),
  };
}

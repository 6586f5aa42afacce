import 'server-only';
import type Stripe from 'stripe';
import { call, isMissing, toKonbiniState } from '@/server/payments/stripe-mapping';
import { CardError, type KonbiniState } from '@/server/payments/types';

/**
 * Stripe's side of one-off payments of a presale win (docs/decisions/0032): an off-session PaymentIntent of the
 * customer's saved card, refunds and a voucher's cancellation, each with an idempotency key. Run against the local
 * stand-in of Stripe's API in src/server/payments/stripe-payments.int.test.ts.
 */
export function stripeCharges(
  stripe: Stripe,
  savedMethodOf: (customerId: string) => Promise<Stripe.PaymentMethod | null>,
) {
  return {
    chargeSavedCard: (input: {
      siteId: string;
      memberId: string;
      customerId: string;
      amountYen: number;
      description: string;
      attemptId: string;
    }) =>
      call(async () => {
        const method = await savedMethodOf(input.customerId);
        if (!method) throw new CardError('card_declined', 'no_card');
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountYen,
            currency: 'jpy',
            customer: input.customerId,
            payment_method: method.id,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { site_id: input.siteId, member_id: input.memberId, attempt_id: input.attemptId },
          },
          // Our attempt is the charge: asked again (a retry, a second instance), Stripe answers the same intent.
          { idempotencyKey: input.attemptId },
        );
        if (intent.status !== 'succeeded') throw new CardError('authentication_required');
        return { providerPaymentId: intent.id, paidAt: new Date(intent.created * 1000) };
      }),

    refundOneOff: (providerPaymentId: string) =>
      call(async () => {
        await stripe.refunds.create(
          { payment_intent: providerPaymentId, reason: 'requested_by_customer' },
          { idempotencyKey: `refund-${providerPaymentId}` },
        );
      }),

    cancelKonbini: (paymentId: string) =>
      call(async (): Promise<KonbiniState | null> => {
        try {
          const intent = await stripe.paymentIntents.retrieve(paymentId);
          if (intent.status !== 'requires_action') return toKonbiniState(intent);
          return toKonbiniState(
            await stripe.paymentIntents.cancel(paymentId, {}, { idempotencyKey: `cancel-${paymentId}` }),
          );
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      }),
  };
}

import 'server-only';
import Stripe from 'stripe';
import {
  call,
  isMissing,
  toCardChargeState,
  toDisputeState,
  toKonbiniState,
} from '@/server/payments/stripe-mapping';
import { CardError, type CardChargeResult, type KonbiniState } from '@/server/payments/types';

/** Intents in these states can still be authenticated by the fan, and so can be cancelled by us. */
const WAITING = new Set(['requires_action', 'requires_payment_method', 'requires_confirmation']);

/**
 * Stripe's side of one-off payments of a presale win (docs/decisions/0032, 0047): an off-session PaymentIntent of the
 * customer's saved card, refunds and a voucher's cancellation, each with an idempotency key. A card that asks for
 * 3-D Secure fails the off-session confirmation with `authentication_required` and leaves its PaymentIntent waiting:
 * the fan confirms that same intent on session with Stripe.js (its client secret), so it can be paid once only. Run
 * against the local stand-in of Stripe's API in src/server/payments/stripe-payments.int.test.ts.
 */
export function stripeCharges(
  stripe: Stripe,
  savedMethodOf: (customerId: string) => Promise<Stripe.PaymentMethod | null>,
) {
  const retrieveCardCharge = (id: string) =>
    call(async () => {
      try {
        return toCardChargeState(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    });

  return {
    chargeSavedCard: (input: {
      siteId: string;
      memberId: string;
      customerId: string;
      amountYen: number;
      description: string;
      attemptId: string;
    }) =>
      call(async (): Promise<CardChargeResult> => {
        const method = await savedMethodOf(input.customerId);
        if (!method) throw new CardError('card_declined', 'no_card');
        let intent: Stripe.PaymentIntent;
        try {
          intent = await stripe.paymentIntents.create(
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
            // Our attempt is the charge: asked again (a retry, a second instance), Stripe answers the same intent
            // (or replays the same refusal, with the same waiting intent).
            { idempotencyKey: input.attemptId },
          );
        } catch (error) {
          const waiting = authenticationRequired(error);
          if (waiting) return { status: 'requires_action', providerPaymentId: waiting };
          throw error;
        }
        if (intent.status === 'succeeded') {
          return { status: 'paid', providerPaymentId: intent.id, paidAt: new Date(intent.created * 1000) };
        }
        if (WAITING.has(intent.status) || intent.status === 'processing') {
          return { status: 'requires_action', providerPaymentId: intent.id };
        }
        throw new CardError('card_declined', intent.last_payment_error?.decline_code ?? null);
      }),

    retrieveCardCharge,

    cancelCardCharge: (id: string) =>
      call(async () => {
        const current = await retrieveCardCharge(id);
        if (!current || current.status !== 'requires_action') return current;
        try {
          await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `cancel-${id}` });
        } catch (error) {
          // The fan authenticated it in the moment between: it is paid, and stays paid.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
        return retrieveCardCharge(id);
      }),

    retrieveDispute: (id: string) =>
      call(async () => {
        try {
          return toDisputeState(await stripe.disputes.retrieve(id, { expand: ['charge'] }));
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      }),

    refundOneOff: (providerPaymentId: string) =>
      call(async () => {
        await stripe.refunds.create(
          { payment_intent: providerPaymentId, reason: 'requested_by_customer' },
          { idempotencyKey: `refund-${providerPaymentId}` },
        );
      }),

    refundOneOffPart: (input: { providerPaymentId: string; amountYen: number; key: string }) =>
      call(async () => {
        await stripe.refunds.create(
          {
            payment_intent: input.providerPaymentId,
            amount: input.amountYen,
            reason: 'requested_by_customer',
          },
          { idempotencyKey: `refund-part-${input.key}` },
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

/** The waiting PaymentIntent's id of an off-session refusal that asks for the fan's authentication. */
function authenticationRequired(error: unknown): string | null {
  if (!(error instanceof Stripe.errors.StripeCardError)) return null;
  const code = error.code ?? error.decline_code;
  if (code !== 'authentication_required' && error.decline_code !== 'authentication_required') return null;
  return error.payment_intent?.id ?? null;
}

import { getDb } from '@/server/db';
import { jsonError, jsonFromError } from '@/server/http/responses';
import { isStripeProvider } from '@/server/payments/stripe';
import { getPaymentProvider } from '@/features/billing/server';
import { receiveStripeWebhook } from '@/features/billing/app';

/**
 * POST /api/webhooks/stripe: Stripe's events. Not site-scoped by the host: an event names its site in the
 * subscription's metadata, which the handler checks against our members and plans. 404 unless Stripe is the provider.
 */
export async function POST(request: Request) {
  try {
    const provider = await getPaymentProvider();
    if (!isStripeProvider(provider)) return jsonError('NOT_FOUND');
    return await receiveStripeWebhook(request, { db: await getDb(), provider });
  } catch (error) {
    return jsonFromError(error);
  }
}

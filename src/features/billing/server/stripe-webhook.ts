import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { billingEvents } from '@/server/db/schema';
import { jsonError, jsonFromError, jsonOk } from '@/server/http/responses';
import type { StripeProvider } from '@/server/payments/stripe';
import { handleBillingEvent } from '@/features/billing/server/events';
import { endCardsOfPayer } from '@/features/billing/server/konbini';

/** Stripe's events are a few kilobytes; anything near this is not one of them and is refused unread. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** The raw body as sent (the signature covers its exact bytes), or null past `max` bytes. */
async function readRawBody(request: Request, max: number): Promise<string | null> {
  if (Number(request.headers.get('content-length') ?? '0') > max) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(): Response {
  return jsonError('PAYLOAD_TOO_LARGE');
}

async function alreadyApplied(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: billingEvents.eventId })
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, 'stripe'), eq(billingEvents.eventId, eventId)));
  return row !== undefined;
}

/**
 * POST from Stripe. The signature is the authentication (no Origin check: Stripe is not a browser). Each event is
 * applied once and in any order by `handleBillingEvent`, which reads the subscription from Stripe as it is now.
 * Answers:
 * - 200 `{ received, outcome }` when applied, a duplicate, or of no concern (still recorded, so not re-read);
 * - 400 for a missing, wrong or stale signature, with nothing recorded or changed;
 * - 503/500 when Stripe cannot be read or the database fails: nothing is recorded, so Stripe's retry applies it.
 */
export async function receiveStripeWebhook(
  request: Request,
  deps: { db: Db; provider: StripeProvider },
): Promise<Response> {
  const { db, provider } = deps;
  try {
    const body = await readRawBody(request, MAX_WEBHOOK_BYTES);
    if (body === null) return tooLarge();
    const event = provider.parseWebhook(body, request.headers.get('stripe-signature'));
    // The card change happens at Stripe, outside our transaction: done before the event is recorded, so a failure
    // leaves it to Stripe's retry; a redelivery after that finds the event recorded and does not redo it.
    if (event.cardChange && !(await alreadyApplied(db, event.id))) {
      await provider.applyCardChange(event.cardChange);
    }
    const outcome = await handleBillingEvent(db, provider, event);
    // A voucher that paid a membership period ends the payer's card whose renewal failed, after the event's
    // transaction (the provider is called outside it); a failure there is the reconciliation's, not the delivery's.
    if (event.paymentId) await endCardsOfPayer(db, provider, event.paymentId);
    return jsonOk({ received: true, outcome });
  } catch (error) {
    return jsonFromError(error);
  }
}

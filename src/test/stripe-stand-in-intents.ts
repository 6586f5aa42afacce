import type { Emit, Route } from '@/test/stripe-stand-in-routes';
import type { Account } from '@/test/stripe-stand-in-schedules';
import type { IntentRecord } from '@/test/stripe-stand-in-ledger';
import { newId, type PaymentMethodRecord } from '@/test/stripe-stand-in-books';
import {
  StandInError,
  bool,
  createdFilter,
  invalid,
  list,
  record,
  text,
  type Params,
} from '@/test/stripe-stand-in-wire';

/**
 * PaymentIntents (konbini vouchers and off-session card charges), refunds, charges and invoice payments, as Stripe
 * answers them. A card's outcome is its test number's (TEST_CARDS): 3184 asks for 3-D Secure, 9995 and 0002 are
 * declined, any other goes through.
 */

const DECLINES: Record<string, string> = { '9995': 'insufficient_funds', '0002': 'generic_decline' };

const object = (params: Params, key: string): Params => {
  const value = params[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
};

const strings = (params: Params, key: string): string[] | null => {
  const value = params[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
};

/** A refused attempt: the intent keeps the error, the events go out, and the answer is Stripe's 402. */
function refuse(
  books: Account,
  intent: IntentRecord,
  method: PaymentMethodRecord,
  emit: Emit,
  code: string,
  declineCode: string,
): never {
  const authentication = code === 'authentication_required';
  const message = authentication
    ? 'Your card was declined. This transaction requires authentication.'
    : 'Your card was declined.';
  // A decline is a charge attempt that failed: Stripe records it (charge.failed) and names it in the error. Asking
  // for authentication charges nothing yet.
  const charge = authentication ? null : books.decline(intent, method.card, { code, declineCode, message });
  const error = {
    type: 'card_error' as const,
    code,
    decline_code: declineCode,
    message,
    ...(charge ? { charge: charge.id } : {}),
    payment_method: books.paymentMethod(method),
  };
  intent.lastError = error;
  if (authentication) {
    intent.status = 'requires_action';
    intent.needsAuthentication = true;
    emit('payment_intent.requires_action', books.intent(intent));
  } else {
    intent.status = 'requires_payment_method';
    if (charge) emit('charge.failed', books.charge(charge));
    emit('payment_intent.payment_failed', books.intent(intent));
  }
  throw new StandInError(402, { ...error, payment_intent: books.intent(intent) });
}

function createIntent(books: Account, params: Params, emit: Emit): IntentRecord {
  const amount = Number(text(params, 'amount'));
  if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid integer', 'amount');
  const currency = text(params, 'currency');
  if (!currency) throw invalid('Missing required param: currency.', 'currency');
  const customerId = text(params, 'customer');
  if (customerId) books.get(books.customers, 'customer', customerId, 'customer');
  const types = strings(params, 'payment_method_types') ?? strings(params, 'allowed_payment_method_types');
  const data = object(params, 'payment_method_data');
  const konbini = text(data, 'type') === 'konbini' || (types?.length === 1 && types[0] === 'konbini');
  const confirm = bool(text(params, 'confirm'));
  if (amount < 50) {
    throw new StandInError(400, {
      type: 'invalid_request_error',
      code: 'amount_too_small',
      param: 'amount',
      message: 'Amount must be at least ¥50 jpy',
    });
  }
  const days = Number(
    text(object(object(params, 'payment_method_options'), 'konbini'), 'expires_after_days') ?? 3,
  );
  // Stripe's limits for konbini: ¥120 to ¥300,000, payable for 1 to 60 days.
  if (konbini && (currency !== 'jpy' || amount < 120 || amount > 300_000)) {
    throw invalid('Konbini payments must be between ¥120 and ¥300,000 in jpy.', 'amount');
  }
  if (konbini && (!Number.isInteger(days) || days < 1 || days > 60)) {
    const param = 'payment_method_options[konbini][expires_after_days]';
    throw invalid('expires_after_days must be between 1 and 60.', param);
  }
  const methodId = text(params, 'payment_method');
  if (!konbini && confirm && !methodId) {
    const message = "You cannot confirm this PaymentIntent because it's missing a payment method.";
    throw invalid(message, 'payment_method');
  }
  const method =
    !konbini && methodId ? books.attachedMethod(customerId ?? '', methodId, 'payment_method') : null;
  const intent = books.newIntent({
    amount,
    currency,
    customer: customerId ?? null,
    description: text(params, 'description') ?? null,
    metadata: record(params, 'metadata'),
    method: konbini ? 'konbini' : 'card',
    allowedTypes: strings(params, 'allowed_payment_method_types'),
    paymentMethod: method?.id ?? null,
    konbiniDays: konbini ? days : null,
  });
  emit('payment_intent.created', books.intent(intent));
  if (konbini) {
    if (!confirm) return intent;
    intent.paymentMethod = newId('pm');
    intent.konbini = books.voucher(days);
    intent.status = 'requires_action';
    emit('payment_intent.requires_action', books.intent(intent));
    return intent;
  }
  if (!confirm || !method) return intent;
  const offSession = bool(text(params, 'off_session'));
  const decline = DECLINES[method.card.last4];
  if (decline) refuse(books, intent, method, emit, 'card_declined', decline);
  if (method.card.last4 === '3184') {
    // Off session nobody can answer the challenge: Stripe refuses with the intent waiting for it (requires_action).
    if (offSession) refuse(books, intent, method, emit, 'authentication_required', 'authentication_required');
    intent.status = 'requires_action';
    intent.needsAuthentication = true;
    emit('payment_intent.requires_action', books.intent(intent));
    return intent;
  }
  const charge = books.succeed(intent, method.card);
  emit('charge.succeeded', books.charge(charge));
  emit('payment_intent.succeeded', books.intent(intent));
  return intent;
}

/** `metadata['key']:'value'` terms joined by AND: what the app searches with. */
function searchTerms(query: string): [string, string][] {
  return query.split(/\s+AND\s+/).map((term) => {
    const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(term.trim());
    if (!match) throw invalid(`The stand-in does not understand the search query: ${term}`, 'query');
    return [match[1]!, match[2]!];
  });
}

export const INTENT_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_intents',
    allowed: [
      'amount',
      'currency',
      'customer',
      'description',
      'metadata',
      'payment_method',
      'payment_method_types',
      'allowed_payment_method_types',
      'payment_method_data',
      'payment_method_options',
      'confirm',
      'off_session',
      'receipt_email',
      'expand',
    ],
    handle: (books, params, _id, emit) => books.intent(createIntent(books, params, emit)),
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/search',
    allowed: ['query', 'limit', 'page', 'expand'],
    handle(books, params) {
      const terms = searchTerms(text(params, 'query') ?? '');
      const found = [...books.intents.values()]
        .filter((intent) => terms.every(([key, value]) => intent.metadata[key] === value))
        .sort((a, b) => b.created - a.created)
        .slice(0, Number(text(params, 'limit') ?? 10));
      return {
        object: 'search_result',
        data: found.map((intent) => books.intent(intent)),
        has_more: false,
        next_page: null,
        url: '/v1/payment_intents/search',
      };
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    allowed: ['expand', 'client_secret'],
    handle: (books, _params, id = '') => books.intent(books.intentRecord(id)),
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/cancel',
    allowed: ['cancellation_reason', 'expand'],
    handle(books, params, id = '', emit) {
      const intent = books.intentRecord(id);
      if (['succeeded', 'canceled'].includes(intent.status)) {
        throw new StandInError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          payment_intent: books.intent(intent),
        });
      }
      intent.status = 'canceled';
      intent.canceledAt = books.now();
      intent.cancellationReason = text(params, 'cancellation_reason') ?? null;
      const rendered = books.intent(intent);
      emit('payment_intent.canceled', rendered);
      return rendered;
    },
  },
  {
    method: 'POST',
    path: '/v1/refunds',
    allowed: ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'instructions_email', 'expand'],
    handle(books, params, _id, emit) {
      const intentId = text(params, 'payment_intent');
      const chargeId =
        text(params, 'charge') ??
        (intentId ? books.intentRecord(intentId, 'payment_intent').latestCharge : null);
      if (!chargeId) {
        throw invalid('This PaymentIntent does not have a successful charge to refund.', 'payment_intent');
      }
      const charge = books.get(books.charges, 'charge', chargeId, 'charge');
      const left = charge.amount - charge.amountRefunded;
      const refusal = (code: string, message: string) =>
        new StandInError(400, { type: 'invalid_request_error', code, message });
      if (charge.disputed)
        throw refusal('charge_disputed', `Charge ${charge.id} has been charged back; cannot issue a refund.`);
      if (left === 0)
        throw refusal('charge_already_refunded', `Charge ${charge.id} has already been refunded.`);
      const amount = params.amount === undefined ? left : Number(text(params, 'amount'));
      if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid integer', 'amount');
      if (amount > left) {
        throw invalid(
          `Refund amount (¥${amount}) is greater than unrefunded amount on charge (¥${left})`,
          'amount',
        );
      }
      const refund = books.recordRefund(
        charge,
        amount,
        text(params, 'reason') ?? null,
        record(params, 'metadata'),
      );
      const rendered = books.refund(refund);
      emit('refund.created', rendered);
      emit('charge.refunded', books.charge(charge));
      return rendered;
    },
  },
  {
    method: 'GET',
    path: '/v1/charges',
    allowed: ['created', 'customer', 'payment_intent', 'limit', 'starting_after', 'expand'],
    handle(books, params) {
      const inWindow = createdFilter(params);
      const customer = text(params, 'customer');
      const intent = text(params, 'payment_intent');
      const all = [...books.charges.values()]
        .filter((c) => inWindow(c.created))
        .filter((c) => (!customer || c.customer === customer) && (!intent || c.intent === intent))
        .sort((a, b) => b.created - a.created);
      const after = text(params, 'starting_after');
      const from = after ? all.findIndex((c) => c.id === after) + 1 : 0;
      const limit = Number(text(params, 'limit') ?? 10);
      const page = all.slice(from, from + limit);
      return {
        ...list(
          page.map((c) => books.charge(c)),
          '/v1/charges',
        ),
        has_more: from + limit < all.length,
      };
    },
  },
  {
    method: 'GET',
    path: '/v1/disputes/:id',
    allowed: ['expand'],
    handle: (books, _params, id = '') => books.dispute(books.get(books.disputes, 'dispute', id, 'dispute')),
  },
  {
    method: 'GET',
    path: '/v1/invoice_payments',
    allowed: ['invoice', 'status', 'payment', 'limit', 'expand'],
    handle(books, params) {
      const invoice = books.get(books.invoices, 'invoice', text(params, 'invoice') ?? '', 'invoice');
      const status = text(params, 'status');
      const payment = books.invoicePayment(invoice);
      const found = payment && (!status || payment.status === status) ? [payment] : [];
      return list(found, '/v1/invoice_payments');
    },
  },
];

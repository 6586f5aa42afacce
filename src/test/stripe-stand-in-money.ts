import type { StandInCard } from '@/test/stripe-stand-in-books';
import type { Json, JsonObject } from '@/test/stripe-stand-in-wire';

/**
 * The stand-in's money records (PaymentIntents, charges, refunds, balance transactions, disputes) and how Stripe's
 * API renders each (the installed `stripe` package's API version; where it has fields the 2023-08-16 OpenAPI
 * document lacks, they are noted).
 */

export interface KonbiniVoucher {
  expiresAt: number;
  paymentCode: string;
  confirmationNumber: string;
}

export interface IntentRecord {
  id: string;
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  method: 'card' | 'konbini';
  paymentMethod: string | null;
  allowedTypes: string[] | null;
  invoice: string | null;
  clientSecret: string;
  created: number;
  canceledAt: number | null;
  cancellationReason: string | null;
  latestCharge: string | null;
  konbini: KonbiniVoucher | null;
  /** payment_method_options.konbini.expires_after_days */
  konbiniDays: number | null;
  /** 3-D Secure asked for (next_action use_stripe_sdk) */
  needsAuthentication: boolean;
  lastError: JsonObject | null;
}

export interface ChargeRecord {
  id: string;
  intent: string;
  customer: string | null;
  amount: number;
  amountRefunded: number;
  method: 'card' | 'konbini';
  card: StandInCard | null;
  paymentMethod: string | null;
  /** null for a declined charge, which moves no money */
  balanceTransaction: string | null;
  /** A declined charge keeps Stripe's codes (decline_code as outcome.reason). */
  failure: { code: string; declineCode: string; message: string } | null;
  disputed: boolean;
  refunds: string[];
  created: number;
}

export interface RefundRecord {
  id: string;
  charge: string;
  intent: string;
  amount: number;
  reason: string | null;
  metadata: Record<string, string>;
  balanceTransaction: string;
  created: number;
}

export interface BalanceRecord {
  id: string;
  amount: number;
  fee: number;
  type: 'charge' | 'payment' | 'refund' | 'adjustment';
  reportingCategory: 'charge' | 'refund' | 'dispute';
  source: string;
  created: number;
}

export interface DisputeRecord {
  id: string;
  charge: string;
  intent: string;
  amount: number;
  reason: string;
  /** Stripe's dispute status: needs_response while open, then won or lost. */
  status: 'needs_response' | 'won' | 'lost';
  /** The funds withdrawn (with the fee), then, when won, the funds reinstated. */
  balanceTransactions: string[];
  created: number;
}

export function renderIntent(i: IntentRecord): JsonObject {
  const nextAction: Json = i.konbini
    ? i.status === 'requires_action'
      ? {
          type: 'konbini_display_details',
          konbini_display_details: {
            expires_at: i.konbini.expiresAt,
            hosted_voucher_url: `https://payments.stripe.com/konbini/voucher/test_${i.id}`,
            stores: Object.fromEntries(
              ['familymart', 'lawson', 'ministop', 'seicomart'].map((chain) => [
                chain,
                { confirmation_number: i.konbini!.confirmationNumber, payment_code: i.konbini!.paymentCode },
              ]),
            ),
          },
        }
      : null
    : i.needsAuthentication && i.status === 'requires_action'
      ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } }
      : null;
  return {
    id: i.id,
    object: 'payment_intent',
    amount: i.amount,
    amount_capturable: 0,
    amount_received: i.status === 'succeeded' ? i.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: i.canceledAt,
    cancellation_reason: i.cancellationReason,
    capture_method: 'automatic',
    client_secret: i.clientSecret,
    confirmation_method: 'automatic',
    created: i.created,
    currency: i.currency,
    customer: i.customer,
    description: i.description,
    last_payment_error: i.lastError,
    latest_charge: i.latestCharge,
    livemode: false,
    metadata: i.metadata,
    next_action: nextAction,
    on_behalf_of: null,
    payment_method: i.paymentMethod,
    payment_method_options:
      i.method === 'konbini'
        ? {
            konbini: {
              confirmation_number: null,
              expires_after_days: i.konbiniDays,
              expires_at: null,
              product_description: null,
              setup_future_usage: 'none',
            },
          }
        : { card: { request_three_d_secure: 'automatic' } },
    // Newer than the 2023-08-16 document: what the app asked for (allowed_payment_method_types).
    allowed_payment_method_types: i.allowedTypes,
    payment_method_types: [i.method],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: i.status,
    transfer_data: null,
    transfer_group: null,
  };
}

export function renderCharge(
  c: ChargeRecord,
  intent: IntentRecord | undefined,
  refunds: RefundRecord[],
): JsonObject {
  const methodDetails: JsonObject =
    c.method === 'konbini'
      ? { type: 'konbini', konbini: { store: { chain: 'lawson' } } }
      : {
          type: 'card',
          card: {
            brand: c.card?.brand ?? 'visa',
            country: 'JP',
            exp_month: c.card?.expMonth ?? 12,
            exp_year: c.card?.expYear ?? 2034,
            funding: 'credit',
            last4: c.card?.last4 ?? '4242',
            network: c.card?.brand ?? 'visa',
            three_d_secure: null,
          },
        };
  return {
    id: c.id,
    object: 'charge',
    amount: c.amount,
    amount_captured: c.failure ? 0 : c.amount,
    amount_refunded: c.amountRefunded,
    balance_transaction: c.balanceTransaction,
    billing_details: { address: null, email: null, name: null, phone: null },
    calculated_statement_descriptor: 'FANCLUB',
    captured: !c.failure,
    created: c.created,
    currency: 'jpy',
    customer: c.customer,
    description: intent?.description ?? null,
    disputed: c.disputed,
    failure_balance_transaction: null,
    failure_code: c.failure?.code ?? null,
    failure_message: c.failure?.message ?? null,
    livemode: false,
    metadata: intent?.metadata ?? {},
    outcome: c.failure
      ? {
          network_status: 'declined_by_network',
          reason: c.failure.declineCode,
          risk_level: 'normal',
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        }
      : {
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          seller_message: 'Payment complete.',
          type: 'authorized',
        },
    paid: !c.failure,
    payment_intent: c.intent,
    payment_method: c.paymentMethod,
    payment_method_details: methodDetails,
    receipt_email: null,
    receipt_number: null,
    receipt_url: `https://pay.stripe.com/receipts/payment/test_${c.id}`,
    refunded: c.amountRefunded >= c.amount,
    refunds: {
      object: 'list',
      data: refunds.map(renderRefund),
      has_more: false,
      url: `/v1/charges/${c.id}/refunds`,
    },
    status: c.failure ? 'failed' : 'succeeded',
  };
}

export function renderRefund(r: RefundRecord): JsonObject {
  return {
    id: r.id,
    object: 'refund',
    amount: r.amount,
    balance_transaction: r.balanceTransaction,
    charge: r.charge,
    created: r.created,
    currency: 'jpy',
    metadata: r.metadata,
    payment_intent: r.intent,
    reason: r.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

export function renderBalanceTransaction(b: BalanceRecord): JsonObject {
  return {
    id: b.id,
    object: 'balance_transaction',
    amount: b.amount,
    available_on: b.created + 4 * 86_400,
    created: b.created,
    currency: 'jpy',
    description: null,
    exchange_rate: null,
    fee: b.fee,
    fee_details:
      b.fee === 0
        ? []
        : [
            {
              amount: b.fee,
              application: null,
              currency: 'jpy',
              description: 'Stripe processing fees',
              type: 'stripe_fee',
            },
          ],
    net: b.amount - b.fee,
    reporting_category: b.reportingCategory,
    source: b.source,
    status: 'pending',
    type: b.type,
  };
}

export function renderDispute(d: DisputeRecord, balances: BalanceRecord[]): JsonObject {
  return {
    id: d.id,
    object: 'dispute',
    amount: d.amount,
    balance_transactions: balances.map(renderBalanceTransaction),
    charge: d.charge,
    created: d.created,
    currency: 'jpy',
    evidence: {},
    evidence_details: {
      due_by: d.created + 7 * 86_400,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: d.intent,
    reason: d.reason,
    status: d.status,
  };
}

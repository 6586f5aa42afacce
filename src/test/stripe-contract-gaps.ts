/**
 * Where the pinned OpenAPI document (API 2023-08-16) and the installed `stripe` SDK (a newer API version) disagree,
 * named one by one with the reason (docs/decisions/0045). Nothing here is silently ignored: the contract check
 * skips exactly these, and stripe-contract.test.ts proves each entry against both sides (the document does not
 * have it, or still requires it; the SDK's types have it, or no longer do), so an entry that is no longer true fails.
 * The reasons quote node_modules/stripe/CHANGELOG.md.
 */

/**
 * The pair the entries below were checked against. Upgrading `stripe` changes its API version and fails
 * stripe-contract.test.ts until someone re-checks the gaps against the SDK's CHANGELOG and updates this pair.
 */
export const PINNED_PAIR = {
  sdkApiVersion: '2026-10-28.endive',
  document: { infoVersion: '2023-08-16', commit: 'f276814e8f9a9f620fdf4cf9d08ce173047389c7' },
} as const;

/** An entry's SDK side: the type in node_modules/stripe/cjs/resources/<file>.d.ts that proves it. */
export interface SdkType {
  file: string;
  type: string;
}

/**
 * Request parameters the app sends that Stripe added after 2023-08-16. Keyed by the document's method and path
 * template; the parameter is a dotted path into the decoded form (`phases.duration` for every `phases[i][duration]`).
 */
export const NEWER_PARAMS: Record<string, { param: string; sdk: SdkType; why: string }[]> = {
  'POST /v1/setup_intents': [
    {
      param: 'allowed_payment_method_types',
      sdk: { file: 'SetupIntents', type: 'SetupIntentCreateParams' },
      why: 'stripe-node 22.4.0 (API 2026-07-29.dahlia): “Add support for allowed_payment_method_types on … SetupIntentCreateParams”',
    },
  ],
  'POST /v1/payment_intents': [
    {
      param: 'allowed_payment_method_types',
      sdk: { file: 'PaymentIntents', type: 'PaymentIntentCreateParams' },
      why: 'stripe-node 22.4.0 (API 2026-07-29.dahlia): “Add support for allowed_payment_method_types on … PaymentIntentCreateParams”',
    },
  ],
  'POST /v1/subscription_schedules/{schedule}': [
    {
      param: 'phases.duration',
      sdk: { file: 'SubscriptionSchedules', type: 'SubscriptionScheduleUpdateParams.Phase' },
      why: 'stripe-node 18.4.0 (API 2025-07-30.basil): “Add support for duration on … SubscriptionScheduleUpdateParams.phases[]”',
    },
  ],
};

/** Paths the app calls that Stripe added after 2023-08-16: not in the document, so not checked. `METHOD /path`. */
export const NEWER_PATHS: Record<string, string> = {
  'GET /v1/invoice_payments':
    'stripe-node 18.0.0 (API 2025-03-31.basil): “Add support for new resource InvoicePayment … list and retrieve”',
};

/** Object types of events' data.object that the document has no schema for. */
export const NEWER_OBJECTS: Record<string, string> = {
  invoice_payment: 'stripe-node 18.0.0 (API 2025-03-31.basil): “Add support for new resource InvoicePayment”',
};

/**
 * Values of an object's enum that Stripe added after 2023-08-16: an answer or event rightly carries them. Keyed by
 * `object.field`; the SDK side is the enum's type alias (`PaymentIntent.CancellationReason`).
 */
export const NEWER_ENUM_VALUES: Record<string, { values: string[]; sdk: SdkType; why: string }> = {
  'payment_intent.cancellation_reason': {
    values: ['expired'],
    sdk: { file: 'PaymentIntents', type: 'PaymentIntent.CancellationReason' },
    why: 'stripe-node 18.0.0 (API 2025-03-31.basil): “Add support for new value `expired` on enum `PaymentIntent.cancellation_reason`” (a konbini voucher Stripe cancels at its deadline)',
  },
};

/** Fields the document requires in an object that Stripe has since removed: a newer answer rightly lacks them. */
export const REMOVED_FIELDS: Record<string, { fields: string[]; sdk: SdkType; why: string }> = {
  subscription: {
    fields: ['current_period_end', 'current_period_start'],
    sdk: { file: 'Subscriptions', type: 'Subscription' },
    why: 'stripe-node 18.0.0 (API 2025-03-31.basil): “Remove support for current_period_end and current_period_start on Subscription” (now on each item)',
  },
  invoice: {
    fields: ['paid', 'paid_out_of_band', 'total_tax_amounts'],
    sdk: { file: 'Invoices', type: 'Invoice' },
    why: 'stripe-node 18.0.0 (API 2025-03-31.basil): “Remove support for … paid_out_of_band, paid, … total_tax_amounts … on Invoice”',
  },
  line_item: {
    fields: ['proration', 'type'],
    sdk: { file: 'InvoiceLineItems', type: 'InvoiceLineItem' },
    why: 'stripe-node 18.0.0 (API 2025-03-31.basil): “Remove support for invoice_item, proration_details, proration, tax_rates, and type on InvoiceLineItem” (now under parent)',
  },
  product: {
    fields: ['features'],
    sdk: { file: 'Products', type: 'Product' },
    why: 'stripe-node 15.0.0 (API 2024-04-10): “Rename features to marketing_features on … Product”',
  },
};

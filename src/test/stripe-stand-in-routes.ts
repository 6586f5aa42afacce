import {
  addInterval,
  newId,
  type PriceRecord,
  type SetupIntentRecord,
  type SubscriptionRecord,
} from '@/test/stripe-stand-in-books';
import {
  bool,
  createdFilter,
  expandAll,
  invalid,
  list,
  record,
  refuseUnknown,
  text,
  updatedMetadata,
  type JsonObject,
  type Params,
} from '@/test/stripe-stand-in-wire';
import { INTENT_ROUTES } from '@/test/stripe-stand-in-intents';
import { SCHEDULE_ROUTES, type Account } from '@/test/stripe-stand-in-schedules';

/**
 * The subset of Stripe's REST API the provider uses, answered from the books. Parameters the real API would refuse
 * as unknown are refused here too, so a typo in the provider fails its tests instead of passing silently.
 */

export type Emit = (type: string, object: JsonObject) => void;

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** e.g. `/v1/subscriptions/:id`; the name used by `failNext` and the request log. */
  path: string;
  allowed: readonly string[];
  handle(books: Account, params: Params, id: string | undefined, emit: Emit): JsonObject;
}

const ENDED = ['canceled', 'incomplete_expired'];

function createSubscription(books: Account, params: Params, emit: Emit): SubscriptionRecord {
  const customerId = text(params, 'customer') ?? '';
  const customer = books.get(books.customers, 'customer', customerId, 'customer');
  const items = params.items;
  const first = Array.isArray(items) ? items[0] : undefined;
  const priceId =
    first && typeof first === 'object' && !Array.isArray(first) ? text(first, 'price') : undefined;
  if (!priceId || (Array.isArray(items) && items.length !== 1))
    throw invalid('Exactly one item with a price', 'items');
  const price = books.get(books.prices, 'price', priceId, 'items[0][price]');
  if (!price.active) throw invalid(`The price specified is inactive.`, 'items[0][price]');
  const behavior = text(params, 'payment_behavior') ?? 'allow_incomplete';
  const method = text(params, 'default_payment_method') ?? customer.defaultPaymentMethod;
  if (behavior !== 'default_incomplete' && !method) {
    throw invalid('This customer has no attached payment source or default payment method.');
  }
  const now = books.now();
  const subscription: SubscriptionRecord = {
    id: newId('sub'),
    itemId: newId('si'),
    customer: customer.id,
    price: price.id,
    status: behavior === 'default_incomplete' ? 'incomplete' : 'active',
    metadata: record(params, 'metadata'),
    paymentBehavior: behavior,
    paymentSettings: (params.payment_settings ?? {}) as Params,
    defaultPaymentMethod: text(params, 'default_payment_method') ?? null,
    latestInvoice: newId('in'),
    created: now,
    periodStart: now,
    periodEnd: addInterval(now, price.interval),
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    endedAt: null,
  };
  books.subscriptions.set(subscription.id, subscription);
  books.invoices.set(subscription.latestInvoice, {
    id: subscription.latestInvoice,
    customer: customer.id,
    subscription: subscription.id,
    status: subscription.status === 'active' ? 'paid' : 'open',
    amount: price.unitAmount,
    clientSecret: `${newId('pi')}_secret_${newId('s').slice(2)}`,
    created: now,
    periodStart: subscription.periodStart,
    periodEnd: subscription.periodEnd,
  });
  emit('customer.subscription.created', books.subscription(subscription));
  return subscription;
}

export const ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    allowed: ['email', 'metadata', 'name', 'expand'],
    handle(books, params) {
      const customer = {
        id: newId('cus'),
        email: text(params, 'email') ?? null,
        metadata: record(params, 'metadata'),
        defaultPaymentMethod: null,
        created: books.now(),
      };
      books.customers.set(customer.id, customer);
      return books.customer(customer);
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    allowed: ['expand'],
    handle: (books, _params, id = '') => books.customer(books.get(books.customers, 'customer', id)),
  },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    allowed: ['invoice_settings', 'email', 'metadata', 'expand'],
    handle(books, params, id = '') {
      const customer = books.get(books.customers, 'customer', id);
      const settings = params.invoice_settings;
      if (settings && typeof settings === 'object' && !Array.isArray(settings)) {
        refuseUnknown(settings, ['default_payment_method']);
        const methodId = text(settings, 'default_payment_method');
        if (methodId) books.attachedMethod(id, methodId, 'invoice_settings[default_payment_method]');
        customer.defaultPaymentMethod = methodId || null;
      }
      customer.metadata = updatedMetadata(customer.metadata, params);
      return books.customer(customer);
    },
  },
  {
    method: 'GET',
    path: '/v1/prices',
    allowed: ['lookup_keys', 'active', 'limit', 'expand'],
    handle(books, params) {
      const keys = Array.isArray(params.lookup_keys) ? params.lookup_keys : [];
      const active = text(params, 'active');
      const found = [...books.prices.values()]
        .filter((price) => keys.length === 0 || keys.includes(price.lookupKey ?? ''))
        .filter((price) => active === undefined || price.active === bool(active))
        .sort((a, b) => b.created - a.created)
        .slice(0, Number(text(params, 'limit') ?? 10));
      return list(
        found.map((price) => books.price(price)),
        '/v1/prices',
      );
    },
  },
  {
    method: 'POST',
    path: '/v1/prices',
    allowed: [
      'currency',
      'unit_amount',
      'recurring',
      'tax_behavior',
      'lookup_key',
      'transfer_lookup_key',
      'product',
      'product_data',
      'metadata',
      'expand',
    ],
    handle(books, params) {
      const lookupKey = text(params, 'lookup_key') ?? null;
      const holder = [...books.prices.values()].find((price) => lookupKey && price.lookupKey === lookupKey);
      if (holder && !bool(text(params, 'transfer_lookup_key'))) {
        throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      }
      if (holder) holder.lookupKey = null;
      const recurring = params.recurring;
      const interval =
        recurring && typeof recurring === 'object' && !Array.isArray(recurring) && recurring.interval;
      if (interval !== 'month' && interval !== 'year')
        throw invalid('Invalid interval', 'recurring[interval]');
      const productData = params.product_data;
      let product = text(params, 'product');
      if (!product && productData && typeof productData === 'object' && !Array.isArray(productData)) {
        product = newId('prod');
        books.products.set(product, {
          name: text(productData, 'name') ?? '',
          metadata: record(productData, 'metadata'),
        });
      }
      if (!product) throw invalid('Missing required param: product.', 'product');
      const price: PriceRecord = {
        id: newId('price'),
        product,
        lookupKey,
        active: true,
        currency: text(params, 'currency') ?? '',
        unitAmount: Number(text(params, 'unit_amount')),
        interval,
        taxBehavior: text(params, 'tax_behavior') ?? 'unspecified',
        metadata: record(params, 'metadata'),
        created: books.now(),
      };
      books.prices.set(price.id, price);
      return books.price(price);
    },
  },
  {
    method: 'POST',
    path: '/v1/subscriptions',
    allowed: [
      'customer',
      'items',
      'payment_behavior',
      'payment_settings',
      'metadata',
      'default_payment_method',
      'expand',
    ],
    handle: (books, params, _id, emit) => books.subscription(createSubscription(books, params, emit)),
  },
  {
    method: 'GET',
    path: '/v1/invoices',
    allowed: ['customer', 'subscription', 'status', 'created', 'limit', 'starting_after', 'expand'],
    handle(books, params) {
      const customer = text(params, 'customer');
      const subscription = text(params, 'subscription');
      const status = text(params, 'status');
      const inWindow = createdFilter(params);
      const found = [...books.invoices.values()]
        .filter((i) => !customer || i.customer === customer)
        .filter((i) => (!subscription || i.subscription === subscription) && (!status || i.status === status))
        .filter((i) => inWindow(i.created))
        .sort((a, b) => b.created - a.created)
        .slice(0, Number(text(params, 'limit') ?? 10));
      return list(
        found.map((i) => books.invoice(i)),
        '/v1/invoices',
      );
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions',
    allowed: ['customer', 'status', 'limit', 'expand', 'created'],
    handle(books, params) {
      const customer = text(params, 'customer');
      const status = text(params, 'status');
      const createdSince = Number(text(record(params, 'created'), 'gte') ?? 0);
      const found = [...books.subscriptions.values()]
        .filter((s) => !customer || s.customer === customer)
        .filter((s) => s.created >= createdSince)
        .filter((s) => (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'))
        .sort((a, b) => b.created - a.created)
        .slice(0, Number(text(params, 'limit') ?? 10));
      return list(
        found.map((s) => books.subscription(s)),
        '/v1/subscriptions',
      );
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    allowed: ['expand'],
    handle: (books, _params, id = '') =>
      books.subscription(books.get(books.subscriptions, 'subscription', id)),
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id',
    allowed: ['cancel_at_period_end', 'cancellation_details', 'default_payment_method', 'metadata', 'expand'],
    handle(books, params, id = '', emit) {
      const subscription = books.get(books.subscriptions, 'subscription', id);
      if (ENDED.includes(subscription.status)) {
        throw invalid(`A ${subscription.status} subscription can only update its cancellation_details.`);
      }
      const cancel = text(params, 'cancel_at_period_end');
      if (cancel !== undefined && bool(cancel) !== subscription.cancelAtPeriodEnd) {
        subscription.cancelAtPeriodEnd = bool(cancel);
        subscription.cancelAt = bool(cancel) ? subscription.periodEnd : null;
        subscription.canceledAt = bool(cancel) ? books.now() : null;
      }
      if (params.cancellation_details !== undefined) {
        subscription.cancelComment = text(record(params, 'cancellation_details'), 'comment') || null;
      }
      const methodId = text(params, 'default_payment_method');
      if (methodId !== undefined) {
        if (methodId) books.attachedMethod(subscription.customer, methodId, 'default_payment_method');
        subscription.defaultPaymentMethod = methodId || null;
      }
      subscription.metadata = updatedMetadata(subscription.metadata, params);
      const rendered = books.subscription(subscription);
      emit('customer.subscription.updated', rendered);
      return rendered;
    },
  },
  {
    method: 'DELETE',
    path: '/v1/subscriptions/:id',
    allowed: ['cancellation_details', 'invoice_now', 'prorate', 'expand'],
    handle(books, _params, id = '', emit) {
      const subscription = books.get(books.subscriptions, 'subscription', id);
      if (ENDED.includes(subscription.status)) {
        throw invalid(`A ${subscription.status} subscription can only update its cancellation_details.`);
      }
      subscription.status = 'canceled';
      subscription.canceledAt = books.now();
      subscription.endedAt = books.now();
      books.stopCollecting(subscription.customer);
      const rendered = books.subscription(subscription);
      emit('customer.subscription.deleted', rendered);
      return rendered;
    },
  },
  {
    method: 'POST',
    path: '/v1/setup_intents',
    allowed: ['customer', 'usage', 'allowed_payment_method_types', 'metadata', 'expand'],
    handle(books, params) {
      const customer = books.get(books.customers, 'customer', text(params, 'customer') ?? '', 'customer');
      const types = params.allowed_payment_method_types;
      const id = newId('seti');
      const stored: SetupIntentRecord = {
        id,
        customer: customer.id,
        status: 'requires_payment_method',
        usage: text(params, 'usage') ?? 'off_session',
        paymentMethod: null,
        paymentMethodTypes: Array.isArray(types) ? types.filter((t) => typeof t === 'string') : ['card'],
        metadata: record(params, 'metadata'),
        clientSecret: `${id}_secret_${newId('s').slice(2)}`,
        created: books.now(),
      };
      books.setupIntents.set(id, stored);
      return books.setupIntent(stored);
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    allowed: ['expand'],
    handle: (books, _params, id = '') =>
      books.paymentMethod(books.get(books.paymentMethods, 'payment_method', id)),
  },
  ...INTENT_ROUTES,
  ...SCHEDULE_ROUTES,
];

/** The route and id a request is for, or null (Stripe answers 404 "Unrecognized request URL"). */
export function matchRoute(method: string, pathname: string): { route: Route; id?: string } | null {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const pattern = new RegExp(`^${route.path.replace(':id', '([A-Za-z0-9_]+)')}$`);
    const match = pattern.exec(pathname);
    if (match) return { route, ...(match[1] ? { id: match[1] } : {}) };
  }
  return null;
}

export function answer(books: Account, route: Route, params: Params, id: string | undefined, emit: Emit) {
  refuseUnknown(params, route.allowed);
  return expandAll(route.handle(books, params, id, emit), params, books);
}

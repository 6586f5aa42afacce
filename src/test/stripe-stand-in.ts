import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { stripeContract } from '@/test/stripe-contract';
import { TEST_CARDS, newId, type StandInCard } from '@/test/stripe-stand-in-books';
import { accountHelpers } from '@/test/stripe-stand-in-clock';
import { answer, matchRoute } from '@/test/stripe-stand-in-routes';
import { Account } from '@/test/stripe-stand-in-schedules';
import { StandInError, parseForm, type JsonObject, type Params } from '@/test/stripe-stand-in-wire';

export { TEST_CARDS, type StandInCard } from '@/test/stripe-stand-in-books';
export { cardError, StandInError } from '@/test/stripe-stand-in-wire';

/**
 * A local stand-in for Stripe's API (no network here): a node:http server on 127.0.0.1 that the real `stripe` SDK
 * talks to. It speaks Stripe's wire format (form-encoded requests, JSON answers and error bodies, Idempotency-Key
 * replays), keeps the books of one test account, and emits the events Stripe would, for tests to deliver, signed
 * with Stripe's own `generateTestHeaderString`, in any order and as often as they like.
 *
 * Held to Stripe's OpenAPI document (src/test/stripe-contract.ts, docs/decisions/0045): a request that breaks it is
 * refused with 400 as Stripe would; an answer or event of the stand-in's that breaks it is a 500 or a throw. Either
 * way it is kept in `contractViolations`, and `close()` fails while any is left, so no test passes over one.
 */

export interface StandInEvent extends JsonObject {
  id: string;
  type: string;
  created: number;
}

export interface RecordedRequest {
  method: string;
  /** The route's pattern, e.g. `/v1/subscriptions/:id`. */
  route: string;
  path: string;
  params: Params;
  idempotencyKey: string | null;
  status: number;
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

export async function startStripeStandIn() {
  const secretKey = `sk_test_standin${randomBytes(8).toString('hex')}`;
  const webhookSecret = `whsec_standin${randomBytes(12).toString('hex')}`;
  const books = new Account();
  const events: StandInEvent[] = [];
  const requests: RecordedRequest[] = [];
  const replays = new Map<string, { fingerprint: string; status: number; body: JsonObject }>();
  const failures = new Map<string, StandInError[]>();
  const contractViolations: string[] = [];
  let unavailable = false;

  // The API request being answered: its events name it (Stripe's `request`); null for what happens by itself.
  const BY_ITSELF = { id: null, idempotency_key: null };
  let cause: { id: string | null; idempotency_key: string | null } = BY_ITSELF;

  /** Keeps what broke the document, and says whether anything did. */
  const broke = (problems: string[]) => {
    contractViolations.push(...problems);
    return problems.length > 0;
  };

  const emit = (type: string, object: JsonObject) => {
    const created = books.now();
    const event: StandInEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { ...cause },
      type,
    };
    const problems = stripeContract.event(event);
    if (broke(problems))
      throw new Error(`The stand-in's event breaks Stripe's contract:\n${problems.join('\n')}`);
    events.push(event);
  };

  function respond(
    res: ServerResponse,
    status: number,
    body: JsonObject,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Request-Id': newId('req'),
      'Stripe-Version': Stripe.API_VERSION,
      ...headers,
    });
    res.end(JSON.stringify(body, null, 2));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const params = parseForm(method === 'GET' ? url.search.slice(1) : raw);
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : null;
    const matched = matchRoute(method, url.pathname);
    const entry: RecordedRequest = {
      method,
      route: matched?.route.path ?? url.pathname,
      path: url.pathname,
      params,
      idempotencyKey,
      status: 0,
    };
    requests.push(entry);
    const requestId = newId('req');
    const send = (status: number, body: JsonObject, headers?: Record<string, string>) => {
      const problems = stripeContract.answer(method, url.pathname, entry.route, status, body);
      if (broke(problems)) {
        const message = `The stand-in's answer breaks Stripe's contract: ${problems.join('; ')}`;
        entry.status = 500;
        return respond(res, 500, { error: { type: 'api_error', message } });
      }
      entry.status = status;
      respond(res, status, body, { 'Request-Id': requestId, ...headers });
    };

    if (unavailable) {
      return send(503, { error: { type: 'api_error', message: 'The stand-in is unavailable (test).' } });
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    if (!matched) {
      const message = `Unrecognized request URL (${method}: ${url.pathname}).`;
      return send(404, { error: { type: 'invalid_request_error', message } });
    }
    const refused = stripeContract.request(method, url.pathname, matched.route.path, params);
    if (broke(refused)) {
      return send(400, { error: { type: 'invalid_request_error', message: refused.join('; ') } });
    }
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    const prior = method === 'POST' && idempotencyKey ? replays.get(idempotencyKey) : undefined;
    if (prior && prior.fingerprint !== fingerprint) {
      const message =
        'Keys for idempotent requests can only be used with the same parameters they were first used with.';
      return send(400, { error: { type: 'idempotency_error', message } });
    }
    if (prior) return send(prior.status, prior.body, { 'Idempotent-Replayed': 'true' });

    let status = 200;
    let body: JsonObject;
    try {
      const injected = failures.get(`${method} ${matched.route.path}`)?.shift();
      if (injected) throw injected;
      cause = { id: requestId, idempotency_key: idempotencyKey };
      body = answer(books, matched.route, params, matched.id, emit);
      cause = BY_ITSELF;
    } catch (error) {
      cause = BY_ITSELF;
      if (!(error instanceof StandInError)) throw error;
      status = error.status;
      body = { error: { ...error.body } };
    }
    // Like Stripe, a key remembers its answer (success or refusal) and replays it for the same request.
    if (method === 'POST' && idempotencyKey) replays.set(idempotencyKey, { fingerprint, status, body });
    send(status, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      respond(res, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const subscriptionRecord = (id: string) => books.get(books.subscriptions, 'subscription', id);

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    secretKey,
    webhookSecret,
    /** What `createStripeProvider` needs to talk to this stand-in. */
    providerOptions: {
      secretKey,
      publishableKey: 'pk_test_standin',
      webhookSecret,
      api: { host: '127.0.0.1', port, protocol: 'http' as const },
    },
    /** Every request received, in order (also those refused). */
    requests,
    /** Every event emitted, in order. */
    events,
    /** What broke Stripe's OpenAPI document so far (requests, answers, events); `close()` fails unless empty. */
    contractViolations,

    count(method: string, route: string): number {
      return requests.filter((r) => r.method === method && (r.route === route || r.path === route)).length;
    },
    lastEvent(type: string, objectId: string): StandInEvent {
      const found = events.findLast((e) => {
        const data = e.data as { object: { id?: string } };
        return e.type === type && data.object.id === objectId;
      });
      if (!found) throw new Error(`the stand-in emitted no ${type} for ${objectId}`);
      return found;
    },

    /** Stripe's truth about a subscription, as GET /v1/subscriptions/:id would answer it. */
    subscription: (id: string) => books.subscription(subscriptionRecord(id)),
    customer: (id: string) => books.customer(books.get(books.customers, 'customer', id)),
    /** Stripe's truth about an invoice, as GET /v1/invoices/:id would answer it. */
    invoice: (id: string) => books.invoice(books.get(books.invoices, 'invoice', id)),
    subscriptionsOf: (customerId: string) =>
      [...books.subscriptions.values()].filter((s) => s.customer === customerId).map((s) => s.id),
    invoiceSecret: (subscriptionId: string) =>
      books.get(books.invoices, 'invoice', subscriptionRecord(subscriptionId).latestInvoice).clientSecret,
    prices: () => [...books.prices.values()],

    /** What the browser's confirmation does: pays the first invoice and saves the card on the subscription. */
    pay(subscriptionId: string, card: StandInCard = TEST_CARDS.visa): string {
      const subscription = subscriptionRecord(subscriptionId);
      const invoice = books.get(books.invoices, 'invoice', subscription.latestInvoice);
      const method = { id: newId('pm'), customer: subscription.customer, card, created: books.cardCreated() };
      books.paymentMethods.set(method.id, method);
      books.payInvoice(invoice, card, method.id);
      invoice.status = 'paid';
      subscription.status = 'active';
      if (subscription.paymentSettings.save_default_payment_method === 'on_subscription') {
        subscription.defaultPaymentMethod = method.id;
      }
      emit('invoice.paid', books.invoice(invoice));
      emit('customer.subscription.updated', books.subscription(subscription));
      return method.id;
    },

    /** What the browser's confirmation of a SetupIntent does: a new card, attached to the customer. */
    confirmSetupIntent(clientSecret: string, card: StandInCard): string {
      const intent = [...books.setupIntents.values()].find((i) => i.clientSecret === clientSecret);
      if (!intent) throw new Error(`no SetupIntent has the secret ${clientSecret}`);
      const method = { id: newId('pm'), customer: intent.customer, card, created: books.cardCreated() };
      books.paymentMethods.set(method.id, method);
      intent.status = 'succeeded';
      intent.paymentMethod = method.id;
      emit('setup_intent.succeeded', books.setupIntent(intent));
      return method.id;
    },

    /** Changes Stripe's truth without a request from us (Dashboard, dunning, time passing). */
    update(
      subscriptionId: string,
      patch: { status?: string; cancelAtPeriodEnd?: boolean; metadata?: Record<string, string> },
      options: { emit?: boolean } = {},
    ): void {
      const subscription = subscriptionRecord(subscriptionId);
      if (patch.status !== undefined) subscription.status = patch.status;
      if (patch.cancelAtPeriodEnd !== undefined) {
        subscription.cancelAtPeriodEnd = patch.cancelAtPeriodEnd;
        subscription.cancelAt = patch.cancelAtPeriodEnd ? subscription.periodEnd : null;
      }
      if (patch.metadata !== undefined) subscription.metadata = patch.metadata;
      if (options.emit !== false) emit('customer.subscription.updated', books.subscription(subscription));
    },

    /** The period ends on a subscription set to leave: Stripe cancels it and says so. */
    endAtPeriodEnd(subscriptionId: string): void {
      const subscription = subscriptionRecord(subscriptionId);
      subscription.status = 'canceled';
      subscription.endedAt = subscription.periodEnd;
      books.stopCollecting(subscription.customer);
      emit('customer.subscription.deleted', books.subscription(subscription));
    },

    /** An event about anything (e.g. `customer.created`), emitted as Stripe would. */
    emit,

    // renew, advance (the test clock), retryFailedInvoices (smart retries), payKonbini, authenticate (3-D Secure),
    // openDispute, closeDispute and reads of intents, charges and schedules.
    ...accountHelpers(books, emit),

    /** The next request to `route` (e.g. `POST /v1/subscriptions`) is refused with `error`. */
    failNext(route: string, error: StandInError): void {
      failures.set(route, [...(failures.get(route) ?? []), error]);
    },
    /** While set, every request is answered 503 (Stripe having an outage). */
    setUnavailable(value: boolean): void {
      unavailable = value;
    },

    /** The body Stripe would POST for an event, and its `Stripe-Signature` header. */
    delivery(event: StandInEvent, options: { secret?: string; timestamp?: number } = {}) {
      const payload = JSON.stringify(event, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      });
      return { payload, signature };
    },

    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      if (contractViolations.length > 0) {
        throw new Error(`Stripe's contract was broken:\n${contractViolations.join('\n')}`);
      }
    },
  };
}

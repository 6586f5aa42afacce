import type postgres from 'postgres';
import { startStripeStandIn, type StandInEvent, type StripeStandIn } from '@/test/stripe-stand-in';
import type { Fan, FanContext } from './fans';
import { jsonOf, send, sleep, type Answer } from './http';
import { ledgerOf, type Row } from './ledger';
import type { Scenario } from './report';
import type { PaymentSide } from './side';

/**
 * `--provider stripe`: the payment rounds with the app on its Stripe provider, talking through the real `stripe`
 * SDK to the stand-in of Stripe's API (src/test/stripe-stand-in.ts, held to Stripe's OpenAPI document, decision
 * 0045), run in this process. A fan pays as the browser does with Stripe: the payment step answers a client secret,
 * Stripe's elements confirm the card at Stripe (here: the stand-in pays the first invoice), and the form reads the
 * result back (`/api/billing/sync`). Meanwhile Stripe delivers its events to the webhook as Stripe does: signed,
 * concurrently and in no order, again after every failure, and once more, late, after the round.
 */

/** The stand-in, and what the app's environment needs to take it for Stripe. */
export async function startStripe(): Promise<{ standIn: StripeStandIn; env: Record<string, string> }> {
  const standIn = await startStripeStandIn();
  const { host, port } = standIn.api;
  return {
    standIn,
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_BASE: `http://${host}:${port}`,
    },
  };
}

const shuffled = <T>(items: T[]) =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

/** Stripe's deliveries: every event until the endpoint answers 2xx, retried every 200 ms, in shuffled batches. */
class Webhooks {
  private taken = 0;
  private pending: StandInEvent[] = [];
  private busy = false;
  private readonly timer: NodeJS.Timeout;
  attempts = 0;
  failed = 0;

  constructor(
    private readonly standIn: StripeStandIn,
    private readonly url: string,
  ) {
    this.timer = setInterval(() => void this.tick(), 200);
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      this.pending.push(...this.standIn.events.slice(this.taken));
      this.taken = this.standIn.events.length;
      const batch = shuffled(this.pending.splice(0));
      const answered = await Promise.all(batch.map((event) => this.deliver(event)));
      this.pending.push(...batch.filter((_, i) => !answered[i]));
    } finally {
      this.busy = false;
    }
  }

  /** One delivery, signed now as Stripe signs each attempt; whether the endpoint took it (2xx). */
  async deliver(event: StandInEvent): Promise<boolean> {
    return (await this.attempt(event)) === 'taken';
  }

  /** One delivery: 'taken' (2xx), the status it was refused with, or 'no answer' (down, killed, 10 s passed). */
  private async attempt(event: StandInEvent): Promise<'taken' | number | 'no answer'> {
    const { payload, signature } = this.standIn.delivery(event);
    this.attempts += 1;
    let outcome: number | 'no answer' = 'no answer';
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.text();
      if (response.ok) return 'taken';
      outcome = response.status;
    } catch {
      // the app is down or killed: Stripe tries again later
    }
    this.failed += 1;
    return outcome;
  }

  /** Waits until every event so far was taken by the endpoint, or `ms` passed; answers how many were not. */
  async drain(ms: number): Promise<number> {
    const deadline = Date.now() + ms;
    const left = () => this.pending.length + this.standIn.events.length - this.taken + (this.busy ? 1 : 0);
    while (left() > 0 && Date.now() < deadline) await sleep(100);
    return this.pending.length + this.standIn.events.length - this.taken;
  }

  /**
   * Every event of these customers once more, late, newest first, each tried up to 3 times 500 ms apart as Stripe
   * retries a refusal: how many were sent, how many were never taken, and what the first refusals were (a duplicate
   * mistaken for something else is refused every time; a moment's 503 on a loaded host is not).
   */
  async redeliver(
    customers: Set<string>,
  ): Promise<{ sent: number; refused: number; firstRefusals: string[] }> {
    const ours = this.standIn.events.filter((event) => {
      const object = (event.data as { object: { customer?: unknown } }).object;
      return typeof object.customer === 'string' && customers.has(object.customer);
    });
    let refused = 0;
    const firstRefusals: string[] = [];
    for (const event of ours.reverse()) {
      let outcome = await this.attempt(event);
      if (outcome !== 'taken') firstRefusals.push(String(outcome));
      for (let retry = 0; retry < 2 && outcome !== 'taken'; retry += 1) {
        await sleep(500);
        outcome = await this.attempt(event);
      }
      if (outcome !== 'taken') refused += 1;
    }
    return { sent: ours.length, refused, firstRefusals };
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export function stripeSide(
  standIn: StripeStandIn,
  sql: postgres.Sql,
  siteId: string,
  fans: FanContext,
): PaymentSide {
  const webhooks = new Webhooks(standIn, `${fans.base}/api/webhooks/stripe`);
  /** The subscription each fan's payment step answered (the page keeps its client secret). */
  const started = new Map<string, string>();
  let round = {
    undelivered: 0,
    late: { sent: 0, refused: 0, firstRefusals: [] as string[] },
    attempts: 0,
    failed: 0,
  };
  /** The deliveries counted up to the end of the previous round's audit: a round's are those after it. */
  let since = { attempts: 0, failed: 0 };
  const paidAtStripe = (customer: string | null) =>
    customer
      ? standIn.subscriptionsOf(customer).filter((id) => standIn.subscription(id).status === 'active')
      : [];
  const post = (fan: Fan, path: string, body: object) =>
    send(fans.base, path, { method: 'POST', body, cookie: fan.cookie, accept: 'application/json' });

  return {
    provider: 'stripe',
    // The charge happens at Stripe after the payment step answered: the fault waits for the first fan charged there
    // and not yet a member (halfDone), so that it meets the read-back and the webhooks, not only the payment step.
    strikeWithinMs: 5_000,

    async pay(fan): Promise<Answer> {
      let subscriptionId = started.get(fan.uid);
      let first: Answer | null = null;
      if (!subscriptionId) {
        first = await post(fan, '/api/billing/subscribe', {});
        const id = first.status === 200 ? jsonOf(first)?.subscriptionId : undefined;
        if (typeof id !== 'string') return first;
        subscriptionId = id;
        started.set(fan.uid, id);
      }
      // Stripe's elements confirm the first invoice in the browser, at Stripe; the app hears of it from the form's
      // read-back below and from the webhooks.
      if (standIn.subscription(subscriptionId).status === 'incomplete') standIn.pay(subscriptionId);
      const synced = await post(fan, '/api/billing/sync', { subscriptionId });
      // One press, two requests: the press is as slow as the slower of them.
      return first ? { ...synced, ms: Math.max(first.ms, synced.ms), startedAt: first.startedAt } : synced;
    },

    async halfDone(uids) {
      const rows = await sql<{ customer: string | null }[]>`
        select m.billing_customer_id as customer from members m
        where m.site_id = ${siteId} and m.uid = any(${uids})
          and not exists (select 1 from subscriptions s where s.member_id = m.id and s.status = 'active')`;
      return rows.some((row) => paidAtStripe(row.customer).length > 0);
    },

    async audit(payments) {
      const undelivered = await webhooks.drain(60_000);
      const attempts = webhooks.attempts - since.attempts;
      const failed = webhooks.failed - since.failed;
      const uids = payments.map((payment) => payment.fan.uid);
      const customersOf = async () =>
        sql<{ uid: string; customer: string | null }[]>`
          select uid, billing_customer_id as customer from members where site_id = ${siteId} and uid = any(${uids})`;
      const customers = new Set((await customersOf()).flatMap((row) => (row.customer ? [row.customer] : [])));
      const late = await webhooks.redeliver(customers);
      round = { undelivered, late, attempts, failed };
      since = { attempts: webhooks.attempts, failed: webhooks.failed };
      const members = await sql<
        (Omit<Row, 'provider_subscriptions' | 'invoices'> & { customer: string | null })[]
      >`
        select m.uid, m.member_number, m.billing_customer_id as customer,
          (select count(*)::int from subscriptions s where s.member_id = m.id and s.status = 'active') as active,
          (select count(*)::int from subscriptions s where s.member_id = m.id) as subscriptions
        from members m where m.site_id = ${siteId} and m.uid = any(${uids})`;
      const rows: Row[] = members.map(({ customer, ...row }) => ({
        ...row,
        provider_subscriptions: customer ? standIn.subscriptionsOf(customer).length : 0,
        invoices: paidAtStripe(customer).length,
      }));
      return ledgerOf(rows, payments);
    },

    report(s: Scenario) {
      s.info('webhook deliveries in the round (refused or failed)', `${round.attempts} (${round.failed})`);
      s.check('webhook events not taken after 60 s', round.undelivered, '0', round.undelivered === 0);
      s.info(
        'late redeliveries refused at the first try (status)',
        round.late.firstRefusals.length === 0 ? 'none' : round.late.firstRefusals.join(', '),
      );
      s.check(
        'late redeliveries (every event again) not taken after 3 tries',
        `${round.late.refused}/${round.late.sent}`,
        `0/${round.late.sent}`,
        round.late.refused === 0 && round.late.sent > 0,
      );
      const broken = standIn.contractViolations.length;
      s.check("breaks of Stripe's OpenAPI document (requests, answers, events)", broken, '0', broken === 0);
      if (broken > 0) console.error(standIn.contractViolations.slice(0, 10).join('\n'));
    },

    async close() {
      webhooks.stop();
      await standIn.close();
    },
  };
}

import { addInterval, newId } from '@/test/stripe-stand-in-books';
import { Ledger } from '@/test/stripe-stand-in-ledger';
import type { Route } from '@/test/stripe-stand-in-routes';
import {
  StandInError,
  invalid,
  record,
  refuseUnknown,
  text,
  updatedMetadata,
  type JsonObject,
  type Params,
} from '@/test/stripe-stand-in-wire';

/**
 * Subscription schedules (a plan change at the next renewal): created from a subscription, their phases replaced,
 * released or cancelled; the test clock (stripe-stand-in-clock.ts) enters the next phase at the period end.
 */

export interface PhaseRecord {
  items: { price: string; quantity: number }[];
  startDate: number;
  endDate: number;
  metadata: Record<string, string>;
  prorationBehavior: string;
}

export interface ScheduleRecord {
  id: string;
  customer: string;
  subscription: string | null;
  status: 'not_started' | 'active' | 'completed' | 'released' | 'canceled';
  endBehavior: string;
  phases: PhaseRecord[];
  metadata: Record<string, string>;
  created: number;
  releasedAt: number | null;
  releasedSubscription: string | null;
  canceledAt: number | null;
}

/** The whole account: customers and subscriptions (Books), money (Ledger) and subscription schedules. */
export class Account extends Ledger {
  readonly schedules = new Map<string, ScheduleRecord>();

  phase(p: PhaseRecord): JsonObject {
    return {
      add_invoice_items: [],
      application_fee_percent: null,
      automatic_tax: { enabled: false },
      billing_cycle_anchor: null,
      collection_method: null,
      currency: 'jpy',
      default_payment_method: null,
      default_tax_rates: [],
      description: null,
      end_date: p.endDate,
      invoice_settings: null,
      items: p.items.map((item) => ({
        metadata: {},
        price: item.price,
        quantity: item.quantity,
        tax_rates: [],
      })),
      metadata: p.metadata,
      on_behalf_of: null,
      proration_behavior: p.prorationBehavior,
      start_date: p.startDate,
      transfer_data: null,
      trial_end: null,
    };
  }

  schedule(s: ScheduleRecord): JsonObject {
    const now = this.now();
    const current =
      s.status === 'active' ? s.phases.find((p) => p.startDate <= now && now < p.endDate) : null;
    return {
      id: s.id,
      object: 'subscription_schedule',
      application: null,
      canceled_at: s.canceledAt,
      completed_at: null,
      created: s.created,
      current_phase: current ? { end_date: current.endDate, start_date: current.startDate } : null,
      customer: s.customer,
      default_settings: {
        application_fee_percent: null,
        automatic_tax: { enabled: false },
        billing_cycle_anchor: 'automatic',
        collection_method: 'charge_automatically',
        default_payment_method: null,
        description: null,
        invoice_settings: { days_until_due: null },
        on_behalf_of: null,
        transfer_data: null,
      },
      end_behavior: s.endBehavior,
      livemode: false,
      metadata: s.metadata,
      phases: s.phases.map((p) => this.phase(p)),
      released_at: s.releasedAt,
      released_subscription: s.releasedSubscription,
      status: s.status,
      subscription: s.subscription,
      test_clock: null,
    };
  }

  override byId(id: string): JsonObject | undefined {
    const found = this.schedules.get(id);
    return found ? this.schedule(found) : super.byId(id);
  }

  /** Lets go of the subscription, which keeps running as it is (end_behavior release, or a release request). */
  release(s: ScheduleRecord): void {
    const subscription = s.subscription ? this.subscriptions.get(s.subscription) : undefined;
    if (subscription) subscription.schedule = null;
    s.status = 'released';
    s.releasedAt = this.now();
    s.releasedSubscription = s.subscription;
    s.subscription = null;
  }
}

const editable = (s: ScheduleRecord) => {
  if (s.status !== 'active' && s.status !== 'not_started') {
    throw invalid(
      `You cannot update a subscription schedule that is currently in the \`${s.status}\` status. It must be in \`not_started\` or \`active\` status to be updated.`,
    );
  }
};

const object = (value: Params[string] | undefined): Params =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** The phases of an update, their dates filled in as Stripe does (each starts when the one before ends). */
function readPhases(books: Account, schedule: ScheduleRecord, params: Params): PhaseRecord[] {
  const given = params.phases;
  if (!Array.isArray(given) || given.length === 0) throw invalid('Invalid array', 'phases');
  const phases: PhaseRecord[] = [];
  given.forEach((raw, i) => {
    const phase = object(raw);
    refuseUnknown(phase, ['items', 'start_date', 'end_date', 'duration', 'metadata', 'proration_behavior']);
    const items = Array.isArray(phase.items) ? phase.items.map(object) : [];
    if (items.length === 0)
      throw invalid('Missing required param: phases[' + i + '][items].', `phases[${i}][items]`);
    const prices = items.map((item, j) => {
      refuseUnknown(item, ['price', 'quantity']);
      const price = books.get(
        books.prices,
        'price',
        text(item, 'price') ?? '',
        `phases[${i}][items][${j}][price]`,
      );
      return { price: price.id, quantity: Number(text(item, 'quantity') ?? 1) };
    });
    const start = i === 0 ? Number(text(phase, 'start_date')) : phases[i - 1]!.endDate;
    if (i === 0 && schedule.status === 'active' && start !== schedule.phases[0]?.startDate) {
      throw invalid('You can not modify the start date of the current phase.', 'phases[0][start_date]');
    }
    const duration = object(phase.duration);
    if (phase.end_date !== undefined && phase.duration !== undefined) {
      throw new StandInError(400, {
        type: 'invalid_request_error',
        code: 'parameters_exclusive',
        message: `You may only specify one of these parameters: phases[${i}][duration], phases[${i}][end_date].`,
      });
    }
    const interval =
      text(duration, 'interval') ?? books.get(books.prices, 'price', prices[0]!.price).interval;
    if (interval !== 'month' && interval !== 'year')
      throw invalid('Invalid interval', `phases[${i}][duration][interval]`);
    let end = Number(text(phase, 'end_date'));
    if (phase.end_date === undefined) {
      end = start;
      for (let n = Number(text(duration, 'interval_count') ?? 1); n > 0; n--)
        end = addInterval(end, interval);
    }
    if (!(end > start))
      throw invalid('The phase end date must be after its start date.', `phases[${i}][end_date]`);
    phases.push({
      items: prices,
      startDate: start,
      endDate: end,
      metadata: record(phase, 'metadata'),
      prorationBehavior:
        text(phase, 'proration_behavior') ?? text(params, 'proration_behavior') ?? 'create_prorations',
    });
  });
  return phases;
}

export const SCHEDULE_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/v1/subscription_schedules',
    allowed: ['from_subscription', 'customer', 'phases', 'end_behavior', 'metadata', 'expand'],
    handle(books, params, _id, emit) {
      const subscriptionId = text(params, 'from_subscription');
      if (!subscriptionId)
        throw invalid('The stand-in makes schedules from a subscription only.', 'from_subscription');
      if (params.phases !== undefined) {
        throw invalid('You cannot set `phases` if `from_subscription` is set.', 'phases');
      }
      const subscription = books.get(
        books.subscriptions,
        'subscription',
        subscriptionId,
        'from_subscription',
      );
      if (subscription.schedule) {
        throw invalid(
          `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
          'from_subscription',
        );
      }
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
        throw invalid('You cannot migrate a canceled subscription to a schedule.', 'from_subscription');
      }
      const schedule: ScheduleRecord = {
        id: newId('sub_sched'),
        customer: subscription.customer,
        subscription: subscription.id,
        status: 'active',
        // A schedule made from a subscription releases it when its phases run out.
        endBehavior: 'release',
        phases: [
          {
            items: [{ price: subscription.price, quantity: 1 }],
            startDate: subscription.periodStart,
            endDate: subscription.periodEnd,
            metadata: {},
            prorationBehavior: 'create_prorations',
          },
        ],
        metadata: record(params, 'metadata'),
        created: books.now(),
        releasedAt: null,
        releasedSubscription: null,
        canceledAt: null,
      };
      books.schedules.set(schedule.id, schedule);
      subscription.schedule = schedule.id;
      const rendered = books.schedule(schedule);
      emit('subscription_schedule.created', rendered);
      return rendered;
    },
  },
  {
    method: 'GET',
    path: '/v1/subscription_schedules/:id',
    allowed: ['expand'],
    handle: (books, _params, id = '') =>
      books.schedule(books.get(books.schedules, 'subscription_schedule', id)),
  },
  {
    method: 'POST',
    path: '/v1/subscription_schedules/:id',
    allowed: ['phases', 'end_behavior', 'proration_behavior', 'metadata', 'expand'],
    handle(books, params, id = '', emit) {
      const schedule = books.get(books.schedules, 'subscription_schedule', id);
      editable(schedule);
      if (params.phases !== undefined) schedule.phases = readPhases(books, schedule, params);
      const endBehavior = text(params, 'end_behavior');
      if (endBehavior) {
        if (!['release', 'cancel', 'none', 'renew'].includes(endBehavior))
          throw invalid('Invalid end_behavior', 'end_behavior');
        schedule.endBehavior = endBehavior;
      }
      schedule.metadata = updatedMetadata(schedule.metadata, params);
      const rendered = books.schedule(schedule);
      emit('subscription_schedule.updated', rendered);
      return rendered;
    },
  },
  {
    method: 'POST',
    path: '/v1/subscription_schedules/:id/release',
    allowed: ['preserve_cancel_date', 'expand'],
    handle(books, _params, id = '', emit) {
      const schedule = books.get(books.schedules, 'subscription_schedule', id);
      editable(schedule);
      books.release(schedule);
      const rendered = books.schedule(schedule);
      emit('subscription_schedule.released', rendered);
      return rendered;
    },
  },
  {
    method: 'POST',
    path: '/v1/subscription_schedules/:id/cancel',
    allowed: ['invoice_now', 'prorate', 'expand'],
    handle(books, _params, id = '', emit) {
      const schedule = books.get(books.schedules, 'subscription_schedule', id);
      editable(schedule);
      // Cancelling a schedule cancels its subscription at once (release it instead to keep the subscription).
      const subscription = schedule.subscription ? books.subscriptions.get(schedule.subscription) : undefined;
      schedule.status = 'canceled';
      schedule.canceledAt = books.now();
      if (subscription) {
        subscription.status = 'canceled';
        subscription.canceledAt = books.now();
        subscription.endedAt = books.now();
        books.stopCollecting(subscription.customer);
        emit('customer.subscription.deleted', books.subscription(subscription));
      }
      const rendered = books.schedule(schedule);
      emit('subscription_schedule.canceled', rendered);
      return rendered;
    },
  },
];

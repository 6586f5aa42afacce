import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { executeRows } from '@/server/db/raw';
import type { PaymentProvider } from '@/server/payments/types';
import { jstMonth } from '@/lib/dates';
import { assertCan, type StaffActor } from '@/features/staff/server';
import { planOfCharge, type PlanOfCharge } from '@/features/billing/server/history';
import {
  salesByMonth,
  type PayMethod,
  type SalesEntry,
  type SalesKind,
  type SalesMonth,
} from '@/features/billing/staff/sales/model';
import { instantsOf, monthsOf, type MonthRange } from '@/features/billing/staff/sales/months';

/** One group of our one-off payments: konbini vouchers (membership or presale) and presale card charges. */
interface OneOffGroup {
  month: string;
  purpose: SalesKind;
  method: PayMethod;
  plan: string | null;
  refunded: boolean;
  amountYen: number;
  count: number;
}

interface OurBooks {
  plans: PlanOfCharge[];
  oneOffs: OneOffGroup[];
}

/**
 * Our side in one statement: the site's plans (retired ones too, to name card charges as the members' histories do)
 * and the one-off payments that took money in the range, grouped in the database by Japan-time month and source.
 * A payment counts when it was paid (its creation where no payment time is kept, as the members' histories date
 * it); `refunded` ones count too, their refund in the same month (model.ts).
 */
async function ourBooks(db: Db, siteId: string, from: Date, to: Date): Promise<OurBooks> {
  const [row] = await executeRows<{ plans: PlanOfCharge[] | null; one_offs: OneOffGroup[] | null }>(
    db,
    sql`
      select
        (select json_agg(json_build_object('name', p.name, 'priceYen', p.price_yen, 'interval', p.interval))
           from plans p where p.site_id = ${siteId}) as plans,
        (select json_agg(g) from (
           select to_char(coalesce(o.paid_at, o.created_at) at time zone 'Asia/Tokyo', 'YYYY-MM') as "month",
                  o.purpose, o.method,
                  case when o.purpose = 'membership' then coalesce(p.name, '会費') end as "plan",
                  o.status = 'refunded' as "refunded",
                  sum(o.amount_yen)::int as "amountYen", count(*)::int as "count"
             from one_off_payments o
             left join plans p on p.id = o.plan_id
            where o.site_id = ${siteId} and o.status in ('paid', 'refunded')
              and coalesce(o.paid_at, o.created_at) >= ${from.toISOString()}::timestamptz
              and coalesce(o.paid_at, o.created_at) < ${to.toISOString()}::timestamptz
            group by 1, 2, 3, 4, 5
        ) g) as one_offs`,
  );
  return { plans: row?.plans ?? [], oneOffs: row?.one_offs ?? [] };
}

/**
 * The owner's sales over a range of Japan-time months, newest first: per month the rows by source (membership by
 * plan, presale tickets; card and konbini apart) and their total. Two reads whatever the range: our books (one
 * statement) and the provider's subscription charges of the site (the sandbox: one statement).
 */
export async function salesReport(
  db: Db,
  provider: PaymentProvider,
  actor: StaffActor,
  range: MonthRange,
): Promise<SalesMonth[]> {
  assertCan(actor, 'sales:read');
  const { from, to } = instantsOf(range);
  const [books, charges] = await Promise.all([
    ourBooks(db, actor.siteId, from, to),
    provider.listSiteCharges(actor.siteId, from, to),
  ]);
  const entries: SalesEntry[] = books.oneOffs.map((group) => ({
    month: group.month,
    kind: group.purpose,
    plan: group.plan,
    method: group.method,
    amountYen: group.amountYen,
    count: group.count,
    refunded: group.refunded,
    // We keep no fee of a one-off payment (the sandbox reports none; Stripe's is on its balance transaction).
    feeYen: null,
  }));
  for (const charge of charges) {
    // A refused renewal took no money (history.ts shows it as failed).
    if (charge.status === 'failed') continue;
    const entry = {
      month: jstMonth(charge.createdAt),
      kind: 'membership',
      plan: planOfCharge(charge, books.plans),
      method: 'card',
      feeYen: charge.feeYen,
    } as const;
    // A partial refund: the part kept and the part given back, one payment (counted once).
    const part = charge.status === 'paid' ? (charge.refundedYen ?? 0) : 0;
    entries.push({
      ...entry,
      amountYen: charge.amountYen - part,
      count: 1,
      refunded: charge.status === 'refunded',
    });
    if (part > 0) entries.push({ ...entry, amountYen: part, count: 0, refunded: true, feeYen: 0 });
  }
  return salesByMonth(entries, monthsOf(range));
}

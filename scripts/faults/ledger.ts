import type postgres from 'postgres';
import { toldPaid, type FanPayment } from './payments';

/**
 * What the database says happened to a round's fans, against what each fan was told. A member is a fan with a
 * member number and an active subscription row; a charge is a paid invoice in the provider's own books (the
 * sandbox's tables, or the Stripe stand-in's, scripts/faults/stripe.ts).
 */
export interface Ledger {
  fans: number;
  toldPaid: number;
  members: number;
  charged: number;
  /** Charged (a paid invoice or a subscription at the provider), but not a member. */
  stuck: number;
  /** Told "paid", but not a member. */
  lost: number;
  /** More than one charge, provider subscription or subscription row for one fan. */
  duplicated: number;
  /** Neither a member nor told anything final after every retry. */
  unfinished: number;
  problems: string[];
}

export interface Row {
  uid: string;
  member_number: number | null;
  active: number;
  subscriptions: number;
  provider_subscriptions: number;
  invoices: number;
}

/** Whether one of these fans is charged at the provider but has no subscription row yet: a write half-done. */
export async function chargeWithoutMembership(
  sql: postgres.Sql,
  siteId: string,
  uids: string[],
): Promise<boolean> {
  const [row] = await sql<{ hit: boolean }[]>`
    select exists (
      select 1 from sandbox_subscriptions p join members m on m.id = p.member_id
      where m.site_id = ${siteId} and m.uid = any(${uids})
        and not exists (select 1 from subscriptions s where s.member_id = m.id)
    ) as hit`;
  return row?.hit ?? false;
}

export async function audit(sql: postgres.Sql, siteId: string, payments: FanPayment[]): Promise<Ledger> {
  const uids = payments.map((payment) => payment.fan.uid);
  const rows = await sql<Row[]>`
    select m.uid, m.member_number,
      (select count(*)::int from subscriptions s where s.member_id = m.id and s.status = 'active') as active,
      (select count(*)::int from subscriptions s where s.member_id = m.id) as subscriptions,
      (select count(*)::int from sandbox_subscriptions p where p.member_id = m.id) as provider_subscriptions,
      (select count(*)::int from sandbox_invoices i join sandbox_subscriptions p on p.id = i.subscription_id
        where p.member_id = m.id and i.status = 'paid') as invoices
    from members m where m.site_id = ${siteId} and m.uid = any(${uids})`;
  return ledgerOf(rows, payments);
}

/** The ledger of a round from each fan's row (the provider's counts filled in by the caller's provider). */
export function ledgerOf(rows: Row[], payments: FanPayment[]): Ledger {
  const byUid = new Map(rows.map((row) => [row.uid, row]));
  const ledger: Ledger = {
    fans: payments.length,
    toldPaid: 0,
    members: 0,
    charged: 0,
    stuck: 0,
    lost: 0,
    duplicated: 0,
    unfinished: 0,
    problems: [],
  };
  for (const payment of payments) {
    const row = byUid.get(payment.fan.uid);
    const member = row !== undefined && row.member_number !== null && row.active > 0;
    // The provider's subscription counts as a charge even if its invoice was not written (a crash between).
    const charged = (row?.invoices ?? 0) > 0 || (row?.provider_subscriptions ?? 0) > 0;
    const told = toldPaid(payment);
    const duplicated =
      (row?.invoices ?? 0) > 1 || (row?.provider_subscriptions ?? 0) > 1 || (row?.subscriptions ?? 0) > 1;
    const note = (what: string) =>
      ledger.problems.push(
        `fan ${payment.fan.n} (${payment.fan.uid}): ${what}; ${JSON.stringify(row ?? null)}`,
      );
    if (told) ledger.toldPaid += 1;
    if (member) ledger.members += 1;
    if (charged) ledger.charged += 1;
    if (charged && !member) {
      ledger.stuck += 1;
      note('charged but not a member');
    }
    if (told && !member) {
      ledger.lost += 1;
      note('told paid but not a member');
    }
    if (duplicated) {
      ledger.duplicated += 1;
      note('charged more than once');
    }
    if (!member && payment.outcome !== 'paid' && payment.outcome !== 'already') ledger.unfinished += 1;
  }
  return ledger;
}

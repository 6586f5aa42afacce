/**
 * The drawn demo presale's crowd (issue 37 item 5): a few thousand synthetic premium members and their entries,
 * written in a few statements (as scripts/lib/bench-presale-seed.ts writes a bench's), so that the real close and
 * draw (freezePresale, drawPresale) have ranks, capacities, companions and voided entries to work on, and the
 * published record and its transparency report mean something. Every synthetic member is plainly one: uid
 * `demo-entrant-00001`, nickname 「デモ会員0001」, no sign-in account and no mailbox (their notices stay in the inbox:
 * thousands of result mails would bury the demo's own in the mail catcher).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { seededRandom } from './seeded-random';

/** Entries per site's drawn presale: enough that the draw shows what it does, few enough to seed in a second. */
export const DRAWN_ENTRIES = 3_200;

const UID_PREFIX = 'demo-entrant-';

/**
 * The drawn presale's seat types, by performance (0: the weekday extra show, the soonest; 1 and 2: the weekend
 * shows). The club's share of each house is far below demand, except the weekday show's 指定席: its capacity is set
 * to hold everyone who lists it (capacityFor), so the demo member, who asks for it first, wins it whatever the
 * shuffle gives, and holds e-tickets for the soonest show (the one the door opens on).
 */
export const DRAWN_OFFERINGS = [
  { performance: 0, seatType: '指定席', capacity: null, priceYen: 8800, weight: 0.3 },
  { performance: 0, seatType: '立見', capacity: 6, priceYen: 7700, weight: 8 },
  { performance: 1, seatType: '指定席', capacity: 20, priceYen: 8800, weight: 40 },
  { performance: 1, seatType: '立見', capacity: 8, priceYen: 7700, weight: 14 },
  { performance: 2, seatType: '指定席', capacity: 16, priceYen: 8800, weight: 26 },
  { performance: 2, seatType: '立見', capacity: 6, priceYen: 7700, weight: 10 },
] as const;
/** The offering (index in DRAWN_OFFERINGS) with room for everyone who asks: the demo member's 第1希望. */
export const SPARE_OFFERING = 0;

export interface PlannedEntry {
  /** 1-based: the applicant is synthetic member n. */
  n: number;
  receiptNo: string;
  tickets: 1 | 2;
  /** Offering indexes, 第1希望 first. */
  choices: number[];
  /** The synthetic member named as companion, and whether they accepted by the close. */
  companion: { n: number; accepted: boolean } | null;
  /** Their membership ended before the draw: the draw voids the entry (抽選時点でプレミアム会員ではありません). */
  lapses: boolean;
  /** When they applied, as a fraction of the window. */
  at: number;
}

const RECEIPT_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The entries of a site's crowd: ranked choices, 1 or 2 tickets, companions, a few lapsed memberships. */
export function planDrawEntries(slug: string, count = DRAWN_ENTRIES): PlannedEntry[] {
  const next = seededRandom([...slug].reduce((hash, char) => Math.imul(hash, 31) + char.charCodeAt(0), 37));
  const total = DRAWN_OFFERINGS.reduce((sum, offering) => sum + offering.weight, 0);
  const pick = (exclude: number[]) => {
    for (;;) {
      let roll = next() * total;
      const index = DRAWN_OFFERINGS.findIndex((offering) => (roll -= offering.weight) < 0);
      if (!exclude.includes(index)) return index;
    }
  };
  const receipts = new Set<string>();
  let companions = count;
  return Array.from({ length: count }, (_, i) => {
    const wanted = next() < 0.25 ? 1 : next() < 0.4 ? 2 : 3;
    const choices: number[] = [];
    while (choices.length < wanted) choices.push(pick(choices));
    const tickets = next() < 0.45 ? 2 : 1;
    const lapses = next() < 0.02;
    let receiptNo: string;
    do {
      const chars = Array.from({ length: 8 }, () => RECEIPT_ALPHABET[Math.floor(next() * 32)]);
      receiptNo = `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
    } while (receipts.has(receiptNo));
    receipts.add(receiptNo);
    return {
      n: i + 1,
      receiptNo,
      tickets,
      choices,
      companion: tickets === 2 ? { n: ++companions, accepted: next() < 0.96 } : null,
      lapses,
      // One whose membership lapses applied in the first half, while still premium.
      at: lapses ? next() * 0.5 : next(),
    };
  });
}

/** Synthetic members a crowd needs: its applicants and companions, and one more for the demo member's companion. */
export const membersNeeded = (plan: PlannedEntry[]) =>
  Math.max(plan.length, ...plan.map((entry) => entry.companion?.n ?? 0)) + 1;

/**
 * The capacity of the spare offering: every ticket any entry (and the demo member's 2) could ask of it, rounded up,
 * so that nobody listing it can lose.
 */
export function capacityFor(plan: PlannedEntry[], index: number): number {
  const demand = plan
    .filter((entry) => entry.choices.includes(index))
    .reduce((sum, entry) => sum + entry.tickets, 2);
  return Math.ceil((demand + 1) / 10) * 10;
}

const uidOf = sql`${UID_PREFIX} || lpad(n::text, 5, '0')`;
const memberIdOf = (siteId: string) => sql`md5(${siteId} || ${UID_PREFIX} || n)::uuid`;

/**
 * `count` synthetic premium members of the site (once: a second call adds none), numbered after its members as
 * joinMember numbers them, premium by a complimentary grant (until `lapsedAt` for those listed in `lapsed`: lapsed
 * before the draw), the first `applicants` with a saved test card. Answers the member number of synthetic member 1
 * (the others follow in order).
 */
export async function seedSyntheticMembers(
  db: Db,
  siteId: string,
  count: number,
  applicants: number,
  lapsed: number[],
  lapsedAt: Date,
): Promise<number> {
  const memberId = memberIdOf(siteId);
  const customerId = sql`'cus_sb_demo_entrant_' || ${memberId}`;
  await db.execute(sql`
    insert into members (id, site_id, uid, email, nickname, family_name, given_name, family_name_kana,
                         given_name_kana, billing_customer_id, created_at, updated_at, joined_at)
    select ${memberId}, ${siteId}, ${uidOf}, null, 'デモ会員' || lpad(n::text, 4, '0'), 'デモ',
           '会員' || lpad(n::text, 4, '0'), 'デモ', 'カイイン',
           case when n <= ${applicants}::int then ${customerId} end, now() - interval '400 days', now(),
           now() - (60 + n % 300) * interval '1 day'
    from generate_series(1, ${count}::int) as n
    on conflict (site_id, uid) do nothing`);
  await db.execute(sql`
    with base as (
      select coalesce((select last_number from member_counters where site_id = ${siteId}), 0) as last
    ), numbered as (
      select id, row_number() over (order by uid) as rn from members
      where site_id = ${siteId} and uid like ${`${UID_PREFIX}%`} and member_number is null
    )
    update members set member_number = base.last + numbered.rn
    from numbered, base where members.id = numbered.id`);
  await db.execute(sql`
    insert into member_counters (site_id, last_number)
    select ${siteId}, max(member_number) from members where site_id = ${siteId}
    on conflict (site_id) do update set last_number = greatest(member_counters.last_number, excluded.last_number)`);
  await db.execute(sql`
    insert into complimentary_grants (site_id, member_id, ends_at, granted_by)
    select ${siteId}, ${memberId},
           case when n = any(${`{${lapsed.join(',')}}`}::int[]) then ${lapsedAt.toISOString()}::timestamptz
                else now() + interval '1 year' end,
           'demo'
    from generate_series(1, ${count}::int) as n
    where not exists (select 1 from complimentary_grants g where g.member_id = ${memberId})`);
  // A saved test card for each who may win (the applicants): their win is charged at the results time.
  await db.execute(sql`
    insert into sandbox_customers (id, site_id, member_id, card_brand, card_last4, card_exp_month, card_exp_year)
    select ${customerId}, ${siteId}, ${memberId}, 'Visa', '4242', 12, 2034
    from generate_series(1, ${applicants}::int) as n
    on conflict (id) do nothing`);
  const result: unknown = await db.execute(
    sql`select member_number from members where site_id = ${siteId} and uid = ${`${UID_PREFIX}00001`}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    member_number: number;
  }[];
  return rows[0]!.member_number;
}

/**
 * The crowd's applications, their ranked choices and their participants (applicant, companion accepted or still
 * invited), as the apply path would have left them at the close: four statements whatever the count.
 */
export async function insertDrawEntries(
  db: Db,
  siteId: string,
  presaleId: string,
  offeringIds: string[],
  plan: PlannedEntry[],
  window: { opensAt: Date; closesAt: Date },
): Promise<void> {
  const span = window.closesAt.getTime() - window.opensAt.getTime();
  const rows = plan.map((entry) => ({
    n: entry.n,
    receipt: entry.receiptNo,
    tickets: entry.tickets,
    at: new Date(window.opensAt.getTime() + Math.floor(entry.at * span * 0.98)).toISOString(),
  }));
  const applicationId = sql`md5(${presaleId} || r.n)::uuid`;
  const memberId = (n: SQL) => sql`md5(${siteId} || ${UID_PREFIX} || ${n})::uuid`;
  await db.execute(sql`
    insert into presale_applications (id, presale_id, member_id, receipt_no, tickets, payment_method, status,
                                      created_at, updated_at)
    select ${applicationId}, ${presaleId}, ${memberId(sql`r.n`)}, r.receipt, r.tickets, 'card', 'applied', r.at, r.at
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(n int, receipt text, tickets int, at timestamptz)
    on conflict do nothing`);
  const choices = plan.flatMap((entry) =>
    entry.choices.map((offering, i) => ({ n: entry.n, rank: i + 1, offering: offeringIds[offering]! })),
  );
  await db.execute(sql`
    insert into presale_choices (application_id, rank, offering_id)
    select ${applicationId}, r.rank, r.offering
    from json_to_recordset(${JSON.stringify(choices)}::json) as r(n int, rank int, offering uuid)
    on conflict do nothing`);
  const people = plan.flatMap((entry) => [
    { n: entry.n, member: entry.n, role: 'applicant', status: null },
    ...(entry.companion
      ? [
          {
            n: entry.n,
            member: entry.companion.n,
            role: 'companion',
            status: entry.companion.accepted ? 'accepted' : 'invited',
          },
        ]
      : []),
  ]);
  await db.execute(sql`
    insert into presale_participants (presale_id, application_id, member_id, role, companion_status)
    select ${presaleId}, ${applicationId}, ${memberId(sql`r.member`)}, r.role, r.status
    from json_to_recordset(${JSON.stringify(people)}::json) as r(n int, member int, role text, status text)
    on conflict do nothing`);
}

/** Synthetic member n's uid. */
export const syntheticUid = (n: number) => `${UID_PREFIX}${String(n).padStart(5, '0')}`;

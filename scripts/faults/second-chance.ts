import { eq, sql } from 'drizzle-orm';
import { connectPostgres } from '@/server/db/client';
import { presales } from '@/server/db/schema';
import { createSandboxProvider } from '@/server/payments/sandbox';
import { drawPresale, freezePresale } from '@/features/presale/server';
import { seedEligibleMembers, seedPresale } from '../lib/bench-presale-seed';
import { saveCard, sessionFor } from './resale';
import type { World } from './setup';

/**
 * The 復活当選 round's world (issue 41): a presale drawn and announced whose first `winners` applications won and paid
 * (two seats each) and whose other `waiting` applications lost and chose to stay in line, each with a saved sandbox
 * card; and `released` 制作開放席 of its one seat type. Written directly, as the resale world is; what is measured is
 * the app: the staff's 復活当選を実行, the presale job's card charges and the ticket job's seats.
 */
export interface SecondChanceWorld {
  presaleId: string;
  itemId: string;
  staffCookie: string;
  released: number;
}

const PRICE_YEN = 8800;

export async function seedSecondChance(
  world: World,
  tag: string,
  options: { winners: number; waiting: number; released: number },
): Promise<SecondChanceWorld> {
  const handle = connectPostgres(world.cluster.url, { max: 2 });
  try {
    const { db } = handle;
    const siteId = world.siteId;
    const prefix = `sc-${tag}-m`;
    const total = options.winners + options.waiting;
    const accounts = await seedEligibleMembers(db, siteId, prefix, total);
    const now = new Date();
    const { presale, itemId, offerings } = await seedPresale(db, {
      siteId,
      title: `【フォールト】復活当選 ${tag}`,
      opens: new Date(now.getTime() - 10 * 86_400_000),
      performances: [{ startsAt: new Date(now.getTime() + 60 * 86_400_000), venue: 'フォールト会場' }],
      offerings: [{ seatType: '指定席', capacity: 2 * options.winners, priceYen: PRICE_YEN }],
      choiceCount: 1,
      by: 'faults',
    });
    const offering = offerings[0];
    await db.execute(sql`
      insert into presale_applications (id, presale_id, member_id, receipt_no, tickets, status, payment_method)
      select md5(${presale.id} || n)::uuid, ${presale.id}, md5(${prefix} || n)::uuid,
        'S' || lpad(n::text, 7, '0'), 2, 'applied', 'card'
      from generate_series(1, ${total}::int) as n`);
    await db.execute(sql`
      insert into presale_choices (application_id, rank, offering_id)
      select md5(${presale.id} || n)::uuid, 1, ${offering!.id}::uuid from generate_series(1, ${total}::int) as n`);
    const afterClose = new Date(presale.closesAt.getTime() + 1_000);
    await freezePresale(db, presale.id, afterClose);
    await drawPresale(db, presale.id, afterClose);
    // Whoever the draw chose, the world is fixed here: the first `winners` won and paid (their tickets come from the
    // ticket job, as the second round's do), the rest lost and wait in line. Results out, tickets issued from now.
    await db.execute(sql`
      update presale_applications set
        status = case when receipt_no <= ${'S' + String(options.winners).padStart(7, '0')} then 'paid' else 'lost' end,
        won_offering_id = case when receipt_no <= ${'S' + String(options.winners).padStart(7, '0')} then ${offering!.id}::uuid end,
        won_rank = case when receipt_no <= ${'S' + String(options.winners).padStart(7, '0')} then 1 end,
        paid_at = case when receipt_no <= ${'S' + String(options.winners).padStart(7, '0')} then now() - interval '5 days' end,
        second_chance_at = case when receipt_no > ${'S' + String(options.winners).padStart(7, '0')} then now() - interval '4 days' end
      where presale_id = ${presale.id}`);
    await db
      .update(presales)
      .set({
        resultsAnnouncedAt: new Date(now.getTime() - 6 * 86_400_000),
        ticketsIssueAt: new Date(now.getTime() - 3_600_000),
      })
      .where(eq(presales.id, presale.id));
    await db.execute(sql`
      insert into presale_released_seats (presale_id, offering_id, seats, staff_uid)
      values (${presale.id}, ${offering!.id}, ${options.released}, 'faults')`);
    // The members in line: a saved card each, as the card form saves it.
    const provider = createSandboxProvider(db, async () => {});
    for (const account of accounts.slice(options.winners)) await saveCard(db, provider, siteId, account);
    const [owner] = await world.sql<{ uid: string; email: string }[]>`
      select uid, email from staff_members where site_id = ${siteId} and role = 'owner' limit 1`;
    return {
      presaleId: presale.id,
      itemId: itemId,
      staffCookie: await sessionFor(world, owner!.uid, owner!.email),
      released: options.released,
    };
  } finally {
    await handle.close();
  }
}

/** The round as the database tells it, after recovery. */
export interface SecondChanceLedger {
  /** draw_rounds rows of the round's key (`second-chance:1`), and of any other second-chance key. */
  roundRows: number;
  otherRounds: number;
  /** Applications made winners by the round, and the seats they were given. */
  winners: number;
  seatsGiven: number;
  /** Winners the round's record does not name, or named winners not made winners (applied twice or not at all). */
  winnersAdrift: number;
  /** Applications named won by a second round although they won the first, or named won by two second rounds. */
  wonTwice: number;
  /** Winners with more than one charge at the provider, or more than one paid payment. */
  chargedTwice: number;
  paid: number;
  /** Seats (performance and label) held by two valid tickets. */
  heldTwice: number;
  ticketsOfWinners: number;
}

export async function secondChanceLedger(world: World, presaleId: string): Promise<SecondChanceLedger> {
  const [row] = await world.sql<Record<string, number>[]>`
    with r as (select * from draw_rounds where presale_id = ${presaleId} and kind = 'second-chance'),
    named as (select res->>'entry' as receipt_no from r, jsonb_array_elements((r.record_file::jsonb)->'results') res
              where r.key = 'second-chance:1' and res->>'outcome' = 'won'),
    named_all as (select res->>'entry' as receipt_no from r, jsonb_array_elements((r.record_file::jsonb)->'results') res
              where res->>'outcome' = 'won'),
    w as (select a.* from presale_applications a where a.presale_id = ${presaleId} and a.second_chance_round_id is not null),
    pay as (select p.* from one_off_payments p join w on w.id = p.presale_application_id),
    charge as (select c.* from sandbox_charges c join w on w.member_id = c.member_id
               where c.status in ('succeeded', 'refunded'))
    select
      (select count(*) from r where key = 'second-chance:1')::int as round_rows,
      (select count(*) from r where key <> 'second-chance:1')::int as other_rounds,
      (select count(*) from w)::int as winners,
      (select coalesce(sum(tickets), 0) from w)::int as seats_given,
      ((select count(*) from w where receipt_no not in (select receipt_no from named))
        + (select count(*) from named where receipt_no not in (select receipt_no from w))
        + (select count(*) - count(distinct receipt_no) from named))::int as winners_adrift,
      ((select count(*) from presale_applications a where a.presale_id = ${presaleId}
          and a.second_chance_round_id is null and a.status not in ('lost', 'cancelled')
          and a.receipt_no in (select receipt_no from named_all))
        + (select count(*) - count(distinct receipt_no) from named_all))::int as won_twice,
      (select count(*) from w where (select count(*) from charge where charge.member_id = w.member_id) > 1
         or (select count(*) from pay where pay.presale_application_id = w.id and pay.status = 'paid') > 1)::int
        as charged_twice,
      (select count(*) from w where w.status = 'paid')::int as paid,
      (select count(*) from (select 1 from tickets where presale_id = ${presaleId} and status = 'issued'
         group by performance_id, seat_label having count(*) > 1) as d)::int as held_twice,
      (select count(*) from tickets t join w on w.id = t.application_id)::int as tickets_of_winners`;
  const r = row!;
  return {
    roundRows: r.round_rows!,
    otherRounds: r.other_rounds!,
    winners: r.winners!,
    seatsGiven: r.seats_given!,
    winnersAdrift: r.winners_adrift!,
    wonTwice: r.won_twice!,
    chargedTwice: r.charged_twice!,
    paid: r.paid!,
    heldTwice: r.held_twice!,
    ticketsOfWinners: r.tickets_of_winners!,
  };
}

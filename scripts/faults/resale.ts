import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { connectPostgres, type Db } from '@/server/db/client';
import { env } from '@/server/env';
import { members, presales } from '@/server/db/schema';
import { createSandboxProvider } from '@/server/payments/sandbox';
import { drawPresale, freezePresale } from '@/features/presale/server';
import { importEmulatorAccounts, seedEligibleMembers, seedPresale } from '../lib/bench-presale-seed';
import { SESSION_COOKIE } from '../lib/bench-sessions';
import type { World } from './setup';

/**
 * The resale rounds' world (issue 41): a drawn presale with resale on, `sellers` members who each won and paid two
 * tickets and listed both, and `buyers` members (real accounts in the emulator, signed in, a saved sandbox card) each
 * waiting for 1 or 2 of those seats. Written directly, as the bench seeds, so that the round costs seconds; what is
 * measured is the app: the staff's 今すぐマッチング, the buyers' payments, and the job runner's transfers and refunds.
 */
export interface ResaleWorld {
  presaleId: string;
  itemId: string;
  staffCookie: string;
  buyers: { memberId: string; uid: string; cookie: string }[];
  listings: number;
}

const PRICE_YEN = 9800;
const FEE_YEN = 500;
const GOOD = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };

/** A member with a saved card, as the card form saves it (the sandbox's customer and card). */
export async function saveCard(
  db: Db,
  provider: ReturnType<typeof createSandboxProvider>,
  siteId: string,
  account: { uid: string; email: string },
) {
  const [member] = await db.select().from(members).where(eq(members.uid, account.uid));
  const customerId = await provider.createCustomer({ siteId, memberId: member!.id, email: account.email });
  await provider.changeCard({ customerId, subscriptionId: null, card: GOOD });
  await db.update(members).set({ billingCustomerId: customerId }).where(eq(members.id, member!.id));
  return member!;
}

export async function sessionFor(world: World, uid: string, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const idHash = createHash('sha256').update(token).digest('base64url');
  await world.sql`
    insert into sessions (id_hash, site_id, uid, email, auth_time, created_at, expires_at, verified_at)
    values (${idHash}, ${world.siteId}, ${uid}, ${email}, now(), now(), now() + interval '1 day', now())`;
  return `${SESSION_COOKIE}=${token}`;
}

export async function seedResale(
  world: World,
  tag: string,
  options: { sellers: number; buyers: number },
): Promise<ResaleWorld> {
  const handle = connectPostgres(world.cluster.url, { max: 2 });
  try {
    const { db } = handle;
    const siteId = world.siteId;
    const sellerPrefix = `rs-${tag}-s`;
    const buyerPrefix = `rs-${tag}-b`;
    await seedEligibleMembers(db, siteId, sellerPrefix, options.sellers);
    const buyerAccounts = await seedEligibleMembers(db, siteId, buyerPrefix, options.buyers);
    await importEmulatorAccounts(
      world.fans.emulatorHost,
      env.FIREBASE_PROJECT_ID,
      world.fans.tenantId,
      buyerAccounts,
    );
    const now = new Date();
    const { presale, itemId, offerings } = await seedPresale(db, {
      siteId,
      title: `【フォールト】リセール ${tag}`,
      opens: new Date(now.getTime() - 10 * 86_400_000),
      performances: [{ startsAt: new Date(now.getTime() + 60 * 86_400_000), venue: 'フォールト会場' }],
      offerings: [{ seatType: '指定席', capacity: 500, priceYen: PRICE_YEN }],
      choiceCount: 1,
      by: 'faults',
    });
    const offeringIds = offerings.map((row) => row.id);
    // The sellers' own applications (one seat type, two tickets), drawn as the presale job draws them.
    await db.execute(sql`
      insert into presale_applications (id, presale_id, member_id, receipt_no, tickets, status)
      select md5(${presale.id} || n)::uuid, ${presale.id}, md5(${sellerPrefix} || n)::uuid,
        'F' || lpad(n::text, 7, '0'), 2, 'applied'
      from generate_series(1, ${options.sellers}::int) as n`);
    await db.execute(sql`
      insert into presale_choices (application_id, rank, offering_id)
      select md5(${presale.id} || n)::uuid, 1, ${offeringIds[0]!}::uuid
      from generate_series(1, ${options.sellers}::int) as n`);
    const afterClose = new Date(presale.closesAt.getTime() + 1_000);
    await freezePresale(db, presale.id, afterClose);
    await drawPresale(db, presale.id, afterClose);
    // No match time yet: the scenario sets it to the minute it presses 今すぐマッチング, so that the job runner's
    // round after a crash is the same round (same slot, same draw key) and not a new one.
    await db
      .update(presales)
      .set({
        resaleUntil: new Date(now.getTime() + 30 * 86_400_000),
        resaleFeeYen: FEE_YEN,
        resaleMatchTimes: '',
      })
      .where(eq(presales.id, presale.id));
    const offering = offeringIds[0]!;
    const n = options.sellers;
    await db.execute(sql`
      update presale_applications set status = 'paid', tickets = 2, paid_at = now() - interval '5 days',
        won_offering_id = ${offering}, won_rank = 1
      where presale_id = ${presale.id}`);
    await db.execute(sql`
      insert into one_off_payments (id, site_id, member_id, purpose, method, provider, amount_yen, status,
        provider_payment_id, presale_application_id, paid_at)
      select md5('pay' || ${presale.id} || n)::uuid, ${siteId}, md5(${sellerPrefix} || n)::uuid, 'presale', 'card',
        'sandbox', ${2 * PRICE_YEN}, 'paid', 'ch_fault_' || ${tag} || '_' || n, md5(${presale.id} || n)::uuid,
        now() - interval '5 days'
      from generate_series(1, ${n}::int) as n`);
    await db.execute(sql`
      insert into tickets (site_id, presale_id, application_id, performance_id, offering_id, seq, serial, seat_label,
        holder_member_id, status, issued_at)
      select ${siteId}, ${presale.id}, md5(${presale.id} || n)::uuid, o.performance_id, o.id, k, n * 2 + k,
        '1階 ' || n || '列 ' || k || '番', md5(${sellerPrefix} || n)::uuid, 'issued', now() - interval '2 days'
      from generate_series(1, ${n}::int) as n, generate_series(1, 2) as k,
        (select id, performance_id from presale_offerings where id = ${offering}) as o`);
    await db.execute(sql`
      insert into resale_listings (site_id, presale_id, offering_id, performance_id, ticket_id, seller_member_id,
        holder_version, face_value_yen, fee_yen, source_payment_id, created_at, updated_at)
      select ${siteId}, ${presale.id}, t.offering_id, t.performance_id, t.id, t.holder_member_id, t.holder_version,
        ${PRICE_YEN}, ${FEE_YEN}, md5('pay' || ${presale.id} || ((t.serial - t.seq) / 2))::uuid,
        now() - interval '1 day' + t.serial * interval '1 ms', now()
      from tickets t where t.presale_id = ${presale.id}`);
    // Buyers: a saved card each (the sandbox's customer, as the card form saves it), waiting for 1 or 2 seats.
    const provider = createSandboxProvider(db, async () => {});
    const buyers: ResaleWorld['buyers'] = [];
    for (const [i, account] of buyerAccounts.entries()) {
      const member = await saveCard(db, provider, siteId, account);
      await db.execute(sql`
        insert into resale_waits (site_id, presale_id, offering_id, member_id, tickets, payment_method)
        values (${siteId}, ${presale.id}, ${offering}, ${member.id}, ${1 + (i % 2)}, 'card')`);
      buyers.push({
        memberId: member.id,
        uid: account.uid,
        cookie: await sessionFor(world, account.uid, account.email),
      });
    }
    const [owner] = await world.sql<{ uid: string; email: string }[]>`
      select uid, email from staff_members where site_id = ${siteId} and role = 'owner' limit 1`;
    return {
      presaleId: presale.id,
      itemId: itemId,
      staffCookie: await sessionFor(world, owner!.uid, owner!.email),
      buyers,
      listings: 2 * n,
    };
  } finally {
    await handle.close();
  }
}

/** 'HH:MM' in Japan time of `at`: the match time that makes the job runner's slot the minute of `at`. */
export function jstMinute(at: Date): string {
  return new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(11, 16);
}

/** The exchange as the database tells it, after recovery: every way a seat, a payment or a refund could go wrong. */
export interface ResaleLedger {
  listings: number;
  matches: number;
  /** Seats whose ticket is valid for two people: sold but the seller's holder version still current, or moved
   * while the listing says it was not sold. */
  heldTwice: number;
  /** Matches charged more than once at the provider, or with two paid payments. */
  chargedTwice: number;
  /** Sellers' payments refunded less than face value less the fee for each seat sold (its buyer's payment paid). */
  refundMissing: number;
  /** Sellers' payments refunded more than that (twice, or for a seat not sold). */
  refundDoubled: number;
  /** Refunds made before as many of the seller's seats were paid for by their buyers. */
  refundEarly: number;
  /** Matches neither paid with every ticket moved, nor back for the next round (lapsed, its seats listed again). */
  unsettled: number;
  /** Seats in a match whose rows disagree (a listing in no match but marked matched, a match of another count). */
  seatsAdrift: number;
  transferred: number;
  refunded: number;
  /** Draw rounds drawn for the one press (a round drawn twice would show two). */
  drawRounds: number;
  resaleRounds: number;
}

export async function resaleLedger(world: World, presaleId: string): Promise<ResaleLedger> {
  // Money is judged by the provider's books, not by our keys: every charge of a buyer (each buyer of this world has
  // one match and no other payment) and every refund against a seller's payment, whatever key it was made with.
  const [row] = await world.sql<Record<string, number>[]>`
    with l as (select * from resale_listings where presale_id = ${presaleId}),
    m as (select * from resale_matches where presale_id = ${presaleId}),
    pay as (select p.* from one_off_payments p join m on m.id = p.resale_match_id),
    charge as (select c.*, m.id as match_id from sandbox_charges c join m on m.member_id = c.member_id
               where c.status in ('succeeded', 'refunded')),
    source as (select p.id, p.provider_payment_id from one_off_payments p where p.id in (select source_payment_id from l)),
    refund as (select r.*, source.id as source_id from sandbox_refunds r
               join source on source.provider_payment_id = r.provider_payment_id),
    owed as (select source.id as source_id,
               coalesce((select sum(l.face_value_yen - l.fee_yen) from l
                         where l.source_payment_id = source.id and l.status in ('sold', 'refunded')
                           and exists (select 1 from pay where pay.resale_match_id = l.match_id
                                       and pay.status = 'paid')), 0) as owed,
               coalesce((select sum(r.amount_yen) from refund r where r.source_id = source.id), 0) as given
             from source),
    -- When each seat of a seller's payment was paid for by its buyer: the n-th refund of that payment may not come
    -- before the n-th of those payments.
    paid_seat as (select l.source_payment_id as source_id, pay.paid_at,
                    row_number() over (partition by l.source_payment_id order by pay.paid_at) as n
                  from l join pay on pay.resale_match_id = l.match_id and pay.status = 'paid'),
    refund_n as (select r.source_id, r.created_at,
                   row_number() over (partition by r.source_id order by r.created_at) as n from refund r)
    select
      (select count(*) from l)::int as listings,
      (select count(*) from m)::int as matches,
      (select count(*) from l join tickets t on t.id = l.ticket_id
        where (l.status in ('sold', 'refunded') and (t.holder_version = l.holder_version
                 or t.holder_member_id <> (select member_id from m where m.id = l.match_id)))
           or (l.status not in ('sold', 'refunded') and (t.holder_version <> l.holder_version
                 or t.holder_member_id <> l.seller_member_id))
      )::int as held_twice,
      (select count(*) from m where (select count(*) from charge where charge.match_id = m.id) > 1
         or (select count(*) from pay where pay.resale_match_id = m.id and pay.status = 'paid') > 1)::int
        as charged_twice,
      (select count(*) from owed where given < owed)::int as refund_missing,
      (select count(*) from owed where given > owed)::int as refund_doubled,
      (select count(*) from refund_n r where not exists (select 1 from paid_seat p
         where p.source_id = r.source_id and p.n = r.n and p.paid_at <= r.created_at))::int as refund_early,
      (select count(*) from m where not (
         (m.status = 'transferred' and (select count(*) from pay where pay.resale_match_id = m.id and pay.status = 'paid') = 1
            and (select count(*) from l where l.match_id = m.id and l.status in ('sold', 'refunded')) = m.tickets)
         or (m.status = 'lapsed' and not exists (select 1 from l where l.match_id = m.id))))::int as unsettled,
      ((select count(*) from l where (l.status in ('matched', 'sold', 'refunded')) <> (l.match_id is not null))
       + (select count(*) from m where m.status <> 'lapsed'
           and m.tickets <> (select count(*) from l where l.match_id = m.id)))::int as seats_adrift,
      (select count(*) from m where m.status = 'transferred')::int as transferred,
      (select count(*) from l where l.status = 'refunded')::int as refunded,
      (select count(*) from draw_rounds where presale_id = ${presaleId})::int as draw_rounds,
      (select count(*) from resale_rounds where presale_id = ${presaleId})::int as resale_rounds`;
  const r = row!;
  return {
    listings: r.listings!,
    matches: r.matches!,
    heldTwice: r.held_twice!,
    chargedTwice: r.charged_twice!,
    refundMissing: r.refund_missing!,
    refundDoubled: r.refund_doubled!,
    refundEarly: r.refund_early!,
    unsettled: r.unsettled!,
    seatsAdrift: r.seats_adrift!,
    transferred: r.transferred!,
    refunded: r.refunded!,
    drawRounds: r.draw_rounds!,
    resaleRounds: r.resale_rounds!,
  };
}

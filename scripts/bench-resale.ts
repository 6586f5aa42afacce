/**
 * `npm run bench:resale` (issue 41): one resale match time of 5,000 listed tickets against 20,000 waiting members,
 * run by the same function the resale job runs (runRound: the second-round draw, then the allocation applied in one
 * transaction), on a fresh database of its own that it drops afterwards (PostgreSQL with DATABASE_URL, else PGlite).
 * Checked after: every seat is in at most one match, every match holds seats of its own seat type and as many as
 * its member asked for, no member is matched twice. Ten seat types; each waiting member asks for 1 or 2 tickets.
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:resale [-- --listings 5000 --waiting 20000]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { runMigrations } from '@/server/db/migrate';
import { upsertSite } from '@/features/site/server';
import { runRound } from '@/features/resale/server';
import { demoSiteFile } from '@/test/site-fixtures';
import { openBenchDatabase } from './lib/bench-db';
import { rowsOf } from './lib/bench-seed';
import { seedEligibleMembers } from './lib/bench-presale-seed';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '5000' },
    waiting: { type: 'string', default: '20000' },
  },
});
const LISTINGS = Number(values.listings);
const WAITING = Number(values.waiting);
const SEAT_TYPES = 10;

async function main() {
  const { handle, label, cleanup } = await openBenchDatabase();
  const db = handle.db;
  try {
    await runMigrations(handle);
    console.log(`Resale match benchmark on ${label}: ${LISTINGS} listings, ${WAITING} waiting members`);
    const { site } = await upsertSite(db, demoSiteFile('mio'));
    const seedStarted = Date.now();
    const [item] = await rowsOf<{ id: string }>(
      db,
      sql`insert into content_items (site_id, section, title, state)
          values (${site.id}, 'ticket', 'RESALE BENCH', 'published') returning id`,
    );
    const [presale] = await rowsOf<{ id: string }>(
      db,
      sql`insert into presales (site_id, item_id, opens_at, closes_at, results_at, joined_before, seed, commitment,
            beacon_source, record_file, drawn_at, resale_until)
          values (${site.id}, ${item!.id}, now() - interval '30 days', now() - interval '20 days',
            now() - interval '19 days', now() - interval '40 days', repeat('ab', 32), repeat('cd', 32), 'local',
            '{"bench":"first record"}', now() - interval '19 days', now() + interval '20 days')
          returning id`,
    );
    const presaleId = presale!.id;
    const [performance] = await rowsOf<{ id: string }>(
      db,
      sql`insert into presale_performances (presale_id, starts_at, venue)
          values (${presaleId}, now() + interval '30 days', 'BENCH ARENA') returning id`,
    );
    await db.execute(sql`
      insert into presale_offerings (presale_id, performance_id, seat_type, capacity, price_yen)
      select ${presaleId}, ${performance!.id}, '席種' || n, ${LISTINGS}, 8800 from generate_series(1, ${SEAT_TYPES}::int) n`);
    await seedEligibleMembers(db, site.id, 'seller-', LISTINGS);
    await seedEligibleMembers(db, site.id, 'waiter-', WAITING);
    // One paid application, its payment and one issued ticket per seller; the ticket listed at face value.
    const offering = (n: string) =>
      sql`(select id from presale_offerings where presale_id = ${presaleId} and seat_type = '席種' || (1 + ${sql.raw(n)} % ${SEAT_TYPES}))`;
    await db.execute(sql`
      insert into presale_applications (id, presale_id, member_id, receipt_no, tickets, status, won_offering_id, won_rank, paid_at)
      select md5('app' || n)::uuid, ${presaleId}, md5('seller-' || n)::uuid, 'B' || n, 1, 'paid', ${offering('n')}, 1, now()
      from generate_series(1, ${LISTINGS}::int) n`);
    await db.execute(sql`
      insert into one_off_payments (id, site_id, member_id, purpose, method, provider, amount_yen, status,
        provider_payment_id, presale_application_id, paid_at)
      select md5('pay' || n)::uuid, ${site.id}, md5('seller-' || n)::uuid, 'presale', 'card', 'sandbox', 8800, 'paid',
        'ch_bench_' || n, md5('app' || n)::uuid, now()
      from generate_series(1, ${LISTINGS}::int) n`);
    await db.execute(sql`
      insert into tickets (id, site_id, presale_id, application_id, performance_id, offering_id, seq, serial,
        seat_label, holder_member_id, issued_at)
      select md5('ticket' || n)::uuid, ${site.id}, ${presaleId}, md5('app' || n)::uuid, ${performance!.id},
        ${offering('n')}, 1, n, '席 ' || n, md5('seller-' || n)::uuid, now()
      from generate_series(1, ${LISTINGS}::int) n`);
    await db.execute(sql`
      insert into resale_listings (site_id, presale_id, offering_id, performance_id, ticket_id, seller_member_id,
        holder_version, face_value_yen, fee_yen, source_payment_id, created_at)
      select ${site.id}, ${presaleId}, ${offering('n')}, ${performance!.id}, md5('ticket' || n)::uuid,
        md5('seller-' || n)::uuid, 1, 8800, 0, md5('pay' || n)::uuid, now() - (n || ' seconds')::interval
      from generate_series(1, ${LISTINGS}::int) n`);
    await db.execute(sql`
      insert into resale_waits (site_id, presale_id, offering_id, member_id, tickets, payment_method)
      select ${site.id}, ${presaleId}, ${offering('n')}, md5('waiter-' || n)::uuid, 1 + n % 2, 'card'
      from generate_series(1, ${WAITING}::int) n`);
    await db.execute(sql`analyze`);
    console.log(`Seeded in ${Date.now() - seedStarted} ms`);

    const slot = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const started = performance_now();
    const round = await runRound(db, presaleId, slot, new Date());
    const ms = performance_now() - started;
    if (!round) throw new Error('the round did not run');
    const again = await runRound(db, presaleId, slot, new Date());

    const [check] = await rowsOf<{
      matches: number;
      seats: number;
      listed_twice: number;
      wrong_type: number;
      wrong_count: number;
      member_twice: number;
    }>(
      db,
      sql`select
        (select count(*)::int from resale_matches where presale_id = ${presaleId}) as matches,
        (select count(*)::int from resale_listings where presale_id = ${presaleId} and status = 'matched') as seats,
        (select count(*)::int from (select ticket_id from resale_listings where match_id is not null
          group by ticket_id having count(*) > 1) t) as listed_twice,
        (select count(*)::int from resale_listings l join resale_matches m on m.id = l.match_id
          where l.offering_id <> m.offering_id) as wrong_type,
        (select count(*)::int from resale_matches m join resale_waits w on w.id = m.wait_id
          where m.tickets <> w.tickets or m.tickets <> (select count(*) from resale_listings l where l.match_id = m.id))
          as wrong_count,
        (select count(*)::int from (select member_id from resale_matches where presale_id = ${presaleId}
          group by member_id having count(*) > 1) t) as member_twice`,
    );
    console.log(
      `Round: ${round.seats} seats, ${round.entries} waiting, ${round.matched} seats matched to ${check!.matches} members in ${Math.round(ms)} ms (second run of the same time: ${again ? 'ran again!' : 'nothing, as it should'})`,
    );
    const problems = [
      check!.seats !== round.matched && `${check!.seats} listings matched, round says ${round.matched}`,
      check!.listed_twice > 0 && `${check!.listed_twice} seats in two matches`,
      check!.wrong_type > 0 && `${check!.wrong_type} seats of another seat type`,
      check!.wrong_count > 0 && `${check!.wrong_count} matches with a wrong number of seats`,
      check!.member_twice > 0 && `${check!.member_twice} members matched twice`,
      again && 'the same match time ran twice',
    ].filter(Boolean);
    if (problems.length) throw new Error(`resale bench: ${problems.join('; ')}`);
    console.log(`Checked: each seat to one member, of its seat type; ${ms < 10_000 ? 'under' : 'OVER'} 10 s`);
  } finally {
    await cleanup();
  }
}

const performance_now = () => performance.now();

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

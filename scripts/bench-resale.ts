/**
 * `npm run bench:resale` (issue 41): one match round of the 公式リセール at scale, on PostgreSQL, in a fresh database of
 * its own that it drops afterwards. A drawn presale of 20 performances × 2 seat types has `--listings` (5,000)
 * returned tickets listed by 2,500 sellers and `--waits` (20,000) members waiting (1 or 2 tickets each); one round
 * (runRound, the function the app's job and the staff's 今すぐマッチング call) draws them with the second-round engine
 * and applies the allocation. Timed, then checked from the database: each listed seat in at most one match and every
 * match's seats its own, no member given more than they asked for, every match a winner of the round's record with
 * the same seat type, and the round's record verified as a fan's browser verifies it (with its link to the first).
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:resale [-- --listings 5000 --waits 20000]
 * Writes bench/results/resale-<ISO time>.json. BENCH_DB_PREFIX names its database (fc_bench_ and random hex).
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { connectPostgres } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { drawRounds, presales } from '@/server/db/schema';
import { verifyDrawRecord } from '@/features/presale';
import { drawPresale, freezePresale } from '@/features/presale/server';
import { runRound } from '@/features/resale/server';
import { createFreshDatabase } from './lib/bench-db';
import { gitCommit } from './lib/bench-report';
import { rowsOf } from '@/server/db/raw';
import { benchPerformances, seedEligibleMembers, seedEntries, seedPresale } from './lib/bench-presale-seed';
import { seedDemo } from './lib/seed';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '5000' },
    waits: { type: 'string', default: '20000' },
  },
});
const LISTINGS = Number(values.listings);
const WAITS = Number(values.waits);
if (LISTINGS % 2 !== 0)
  throw new Error('--listings must be even: each seller lists the two tickets of one win');
const SELLERS = LISTINGS / 2;
const PERFORMANCES = 20;
const TARGET_MS = 10_000;
/* eslint-disable no-restricted-properties -- the benchmark's own settings, not the app's */
const { BENCH_DB_PREFIX, DATABASE_URL } = process.env;
/* eslint-enable no-restricted-properties */

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const step of cleanups.splice(0).reverse()) {
    await step().catch((error: unknown) => console.error('clean-up:', error));
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().then(() => process.exit(130)));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
type Db = ReturnType<typeof connectPostgres>['db'];

/** A presale drawn with `entries` entries (its first record is what the round links to), resale on. */
async function drawnPresale(db: Db, siteId: string, now: Date) {
  const { presale, offerings } = await seedPresale(db, {
    siteId,
    title: '【BENCH】リセール',
    opens: new Date(now.getTime() - 10 * 86_400_000),
    performances: benchPerformances(PERFORMANCES, now),
    offerings: ['S席', 'A席'].map((seatType) => ({ seatType, capacity: 2_000, priceYen: 9800 })),
    choiceCount: 1,
    by: 'bench',
  });
  // The first round: the sellers' own applications, drawn as the presale job draws them.
  await seedEntries(
    db,
    presale.id,
    'rs-seller-',
    SELLERS,
    offerings.map((o) => o.id),
  );
  const afterClose = new Date(presale.closesAt.getTime() + 1_000);
  await freezePresale(db, presale.id, afterClose);
  await drawPresale(db, presale.id, afterClose);
  await db
    .update(presales)
    .set({ resaleUntil: new Date(now.getTime() + 30 * 86_400_000), resaleMatchTimes: '12:00' })
    .where(eq(presales.id, presale.id));
  return { presale, offerings };
}

/**
 * The returned seats and the waiting members, written directly: each seller's win paid (its payment the refund's
 * source) with two tickets issued, both listed; waiting members spread evenly over the seat types, 1 or 2 tickets.
 */
async function seedExchange(db: Db, siteId: string, presaleId: string, offerings: { id: string }[]) {
  const list = sql`(select ${JSON.stringify(offerings.map((o) => o.id))}::jsonb)`;
  const n = offerings.length;
  // Every seller's application becomes a paid win of the seat type the listings go to (n % offerings).
  await db.execute(sql`
    update presale_applications a set status = 'paid', tickets = 2, paid_at = now() - interval '5 days',
      won_offering_id = ((${list}) ->> (s.n % ${n}))::uuid, won_rank = 1
    from generate_series(1, ${SELLERS}::int) as s(n)
    where a.id = md5(${presaleId} || s.n)::uuid`);
  await db.execute(sql`
    insert into one_off_payments (id, site_id, member_id, purpose, method, provider, amount_yen, status,
      provider_payment_id, presale_application_id, paid_at)
    select md5('pay' || ${presaleId} || n)::uuid, ${siteId}, md5('rs-seller-' || n)::uuid, 'presale', 'card',
      'sandbox', 19600, 'paid', 'ch_bench_' || n, md5(${presaleId} || n)::uuid, now() - interval '5 days'
    from generate_series(1, ${SELLERS}::int) as n`);
  await db.execute(sql`
    insert into tickets (id, site_id, presale_id, application_id, performance_id, offering_id, seq, serial,
      seat_label, holder_member_id, status, issued_at)
    select md5('ticket' || ${presaleId} || n || '-' || k)::uuid, ${siteId}, ${presaleId}, md5(${presaleId} || n)::uuid,
      o.performance_id, o.id, k, n * 2 + k, 'B' || n || '-' || k, md5('rs-seller-' || n)::uuid, 'issued',
      now() - interval '2 days'
    from generate_series(1, ${SELLERS}::int) as n, generate_series(1, 2) as k,
      lateral (select id, performance_id from presale_offerings
               where id = ((${list}) ->> (n % ${n}))::uuid) as o`);
  await db.execute(sql`
    insert into resale_listings (site_id, presale_id, offering_id, performance_id, ticket_id, seller_member_id,
      holder_version, face_value_yen, fee_yen, source_payment_id, created_at, updated_at)
    select ${siteId}, ${presaleId}, t.offering_id, t.performance_id, t.id, t.holder_member_id, t.holder_version,
      9800, 0, md5('pay' || ${presaleId} || t.seq_n)::uuid, now() - interval '1 day' + t.serial * interval '1 ms', now()
    from (select *, (serial - seq) / 2 as seq_n from tickets where presale_id = ${presaleId}) as t`);
  await db.execute(sql`
    insert into resale_waits (site_id, presale_id, offering_id, member_id, tickets, payment_method,
      created_at, updated_at)
    select ${siteId}, ${presaleId}, ((${list}) ->> (n % ${n}))::uuid, md5('rs-wait-' || n)::uuid, 1 + n % 2, 'card',
      now() - interval '1 day', now()
    from generate_series(1, ${WAITS}::int) as n`);
  for (const table of ['tickets', 'resale_listings', 'resale_waits', 'members'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
}

interface Check {
  name: string;
  value: string;
  pass: boolean;
}

/** What the round left, from the database and its record. */
async function checks(db: Db, presaleId: string, roundId: string): Promise<Check[]> {
  const [seats] = rowsOf<{
    listings_matched: number;
    listings_in_two: number;
    listings_not_own: number;
    matches: number;
    seats_in_matches: number;
    over_asked: number;
    under_given: number;
    wrong_type: number;
    waits_matched_twice: number;
    members_two_matches: number;
    amount_wrong: number;
  }>(
    await db.execute(sql`
      select
        (select count(*) from resale_listings where presale_id = ${presaleId} and status = 'matched')::int
          as listings_matched,
        (select count(*) from resale_listings l where l.presale_id = ${presaleId} and l.match_id is not null
          and l.status <> 'matched')::int as listings_in_two,
        (select count(*) from resale_listings l join resale_matches m on m.id = l.match_id
          where l.presale_id = ${presaleId} and l.offering_id <> m.offering_id)::int as listings_not_own,
        (select count(*) from resale_matches where round_id = ${roundId})::int as matches,
        (select coalesce(sum(tickets), 0) from resale_matches where round_id = ${roundId})::int as seats_in_matches,
        (select count(*) from resale_matches m join resale_waits w on w.id = m.wait_id
          where m.round_id = ${roundId} and m.tickets > w.tickets)::int as over_asked,
        (select count(*) from resale_matches m
          where m.round_id = ${roundId}
            and m.tickets <> (select count(*) from resale_listings l where l.match_id = m.id))::int as under_given,
        (select count(*) from resale_matches m join resale_waits w on w.id = m.wait_id
          where m.round_id = ${roundId} and m.offering_id <> w.offering_id)::int as wrong_type,
        (select count(*) from (select wait_id from resale_matches where presale_id = ${presaleId}
          group by wait_id having count(*) > 1) x)::int as waits_matched_twice,
        (select count(*) from (select member_id, offering_id from resale_matches where presale_id = ${presaleId}
          group by 1, 2 having count(*) > 1) x)::int as members_two_matches,
        (select count(*) from resale_matches m where m.round_id = ${roundId}
          and m.amount_yen <> (select coalesce(sum(face_value_yen), 0) from resale_listings l
                               where l.match_id = m.id))::int as amount_wrong`),
  );
  const s = seats!;
  const [round] = await db
    .select()
    .from(drawRounds)
    .where(eq(drawRounds.presaleId, presaleId))
    .orderBy(sql`${drawRounds.number} desc`)
    .limit(1);
  const [first] = await db
    .select({ file: presales.recordFile })
    .from(presales)
    .where(eq(presales.id, presaleId));
  const record = JSON.parse(round?.recordFile ?? 'null') as {
    round?: { first?: string };
    results?: { entry: string; outcome: string; offering?: string }[];
  } | null;
  const verification = await verifyDrawRecord(record);
  const firstHash = createHash('sha256')
    .update(first?.file ?? '', 'utf8')
    .digest('hex');
  // Every match is a winner of the record, with the seat type the record gave it.
  const won = new Map(
    (record?.results ?? []).filter((r) => r.outcome === 'won').map((r) => [r.entry, r.offering]),
  );
  const matchRows = rowsOf<{ wait_id: string; offering_id: string }>(
    await db.execute(sql`select wait_id, offering_id from resale_matches where round_id = ${roundId}`),
  );
  const notInRecord = matchRows.filter((m) => won.get(m.wait_id) !== m.offering_id).length;
  return [
    {
      name: 'seats matched = seats in matches',
      value: `${s.listings_matched} / ${s.seats_in_matches}`,
      pass: s.listings_matched === s.seats_in_matches && s.seats_in_matches > 0,
    },
    {
      name: 'seats in two matches or not matched but linked',
      value: String(s.listings_in_two),
      pass: s.listings_in_two === 0,
    },
    {
      name: 'seats of another seat type than their match',
      value: String(s.listings_not_own),
      pass: s.listings_not_own === 0,
    },
    {
      name: 'matches given more than the member asked',
      value: String(s.over_asked),
      pass: s.over_asked === 0,
    },
    {
      name: 'matches whose seats differ from their count',
      value: String(s.under_given),
      pass: s.under_given === 0,
    },
    {
      name: 'matches of another seat type than waited for',
      value: String(s.wrong_type),
      pass: s.wrong_type === 0,
    },
    {
      name: 'members matched twice (wait or seat type)',
      value: `${s.waits_matched_twice} / ${s.members_two_matches}`,
      pass: s.waits_matched_twice === 0 && s.members_two_matches === 0,
    },
    {
      name: 'matches charged other than face value',
      value: String(s.amount_wrong),
      pass: s.amount_wrong === 0,
    },
    {
      name: 'matches not won in the record',
      value: `${notInRecord}/${matchRows.length}`,
      pass: notInRecord === 0,
    },
    {
      name: 'round record verified',
      value: verification.ok
        ? 'ok'
        : verification.problems
            .slice(0, 3)

            .join(' / '),
      pass: verification.ok,
    },
    {
      name: 'round record linked to the first',
      value: record?.round?.first === firstHash ? 'yes' : `${record?.round?.first} ≠ ${firstHash}`,
      pass: record?.round?.first === firstHash,
    },
  ];
}

async function main(): Promise<boolean> {
  const loadAtStart = os.loadavg()[0]!;
  const serverUrl = DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const fresh = await createFreshDatabase(serverUrl, BENCH_DB_PREFIX);
  cleanups.push(fresh.drop);
  console.log(`bench:resale on PostgreSQL ${new URL(serverUrl).host}, fresh database ${fresh.name}`);
  const handle = connectPostgres(fresh.url, { max: 4 });
  cleanups.push(() => handle.close());
  const { db } = handle;
  await runMigrations(handle);
  const sites = await seedDemo(db);
  const mio = sites.find((site) => site.slug === 'mio');
  if (!mio) throw new Error('the demo site mio was not seeded');
  const now = new Date();

  let mark = Date.now();
  console.log(`Seeding ${SELLERS} sellers (${LISTINGS} listed tickets) and ${WAITS} waiting members…`);
  await seedEligibleMembers(db, mio.id, 'rs-seller-', SELLERS);
  await seedEligibleMembers(db, mio.id, 'rs-wait-', WAITS);
  const { presale, offerings } = await drawnPresale(db, mio.id, now);
  await seedExchange(db, mio.id, presale.id, offerings);
  const seedMs = Date.now() - mark;
  console.log(`  seeded in ${seconds(seedMs)}`);

  console.log(`Match round: ${LISTINGS} listings, ${WAITS} waiting members, ${offerings.length} seat types…`);
  const slot = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  mark = Date.now();
  const round = await runRound(db, presale.id, slot, now);
  const roundMs = Date.now() - mark;
  if (!round) throw new Error('the round was not run (already applied, or waiting for a beacon)');
  const again = await runRound(db, presale.id, slot, now);
  // Where the time went: the draw's own timestamps split the round into freeze, draw and the matches' write.
  const [phase] = rowsOf<{ freeze_ms: number; draw_ms: number }>(
    await db.execute(sql`
      select extract(epoch from (frozen_at - ${new Date(mark).toISOString()}::timestamptz)) * 1000 as freeze_ms,
        extract(epoch from (drawn_at - frozen_at)) * 1000 as draw_ms
      from draw_rounds where presale_id = ${presale.id} order by number desc limit 1`),
  );
  const freezeMs = Math.round(Number(phase?.freeze_ms ?? 0));
  const drawMs = Math.round(Number(phase?.draw_ms ?? 0));
  const applyMs = roundMs - freezeMs - drawMs;
  const found = await checks(db, presale.id, round.roundId);
  const rows: [string, string, string, boolean][] = [
    [
      'listings / waiting members',
      `${round.seats} / ${round.entries}`,
      `${LISTINGS} / ${WAITS}`,
      round.seats === LISTINGS && round.entries === WAITS,
    ],
    ['match round (draw, record, matches)', seconds(roundMs), `< ${seconds(TARGET_MS)}`, roundMs < TARGET_MS],
    ['  of which: read and freeze the entries', seconds(freezeMs), '', true],
    ['  of which: beacon, draw and record', seconds(drawMs), '', true],
    ['  of which: matches written (one transaction)', seconds(applyMs), '', true],
    ['seats matched', String(round.matched), '> 0', round.matched > 0],
    [
      'the same slot again',
      again === null ? 'nothing (applied once)' : 'a second round',
      'nothing',
      again === null,
    ],
    ...found.map((c): [string, string, string, boolean] => [
      c.name,
      c.value,
      c.name.startsWith('seats matched') || c.name.startsWith('round record') ? 'yes / equal' : '0',
      c.pass,
    ]),
  ];
  console.log('\n| measure | value | target | met |\n| --- | --- | --- | --- |');
  for (const [measure, value, target, met] of rows)
    console.log(`| ${measure} | ${value} | ${target} | ${met ? 'yes' : 'NO'} |`);
  const file = path.resolve('bench/results', `resale-${new Date().toISOString().replaceAll(':', '-')}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    `${JSON.stringify(
      {
        startedAt: now.toISOString(),
        commit: gitCommit(),
        machine: { cpus: os.cpus().length, loadAtStart, loadAtEnd: os.loadavg()[0] },
        options: { listings: LISTINGS, waits: WAITS, offerings: offerings.length },
        seedMs,
        roundMs,
        phasesMs: { freeze: freezeMs, draw: drawMs, apply: applyMs },
        round,
        rows: rows.map(([measure, value, target, met]) => ({ measure, value, target, met })),
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `\nLoad ${loadAtStart.toFixed(1)} -> ${os.loadavg()[0]!.toFixed(1)}. Results: ${path.relative(process.cwd(), file)}`,
  );
  return rows.every(([, , , met]) => met);
}

main()
  .then(async (pass) => {
    await cleanUp();
    process.exit(pass ? 0 : 1);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });

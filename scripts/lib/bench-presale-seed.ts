/**
 * What `npm run bench:presale` seeds in its own database: eligible premium members by the thousand (a complimentary
 * grant each, joined two months ago, numbered as joinMember numbers them), their accounts in the Auth emulator (the
 * application endpoint checks the account with the provider on every request), and whole entry lists for a draw.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentItems, presaleOfferings } from '@/server/db/schema';
import { presaleSetupSchema } from '@/features/presale';
import { savePresale } from '@/features/presale/server';
import { toJstLocalInput } from '@/lib/dates';

const jst = (date: Date) => toJstLocalInput(date);

/** `count` premium members whose uids are `${prefix}1…`; answers their uids and e-mails. */
export async function seedEligibleMembers(
  db: Db,
  siteId: string,
  prefix: string,
  count: number,
): Promise<{ uid: string; email: string }[]> {
  const memberId = sql`md5(${prefix} || n)::uuid`;
  await db.execute(sql`
    insert into members (id, site_id, uid, email, nickname, created_at, updated_at, joined_at)
    select ${memberId}, ${siteId}, ${prefix} || n, ${prefix} || n || '@bench.example', 'ファン' || n,
           now() - interval '60 days', now(), now() - interval '60 days'
    from generate_series(1, ${count}::int) as n`);
  await db.execute(sql`
    insert into complimentary_grants (site_id, member_id, ends_at, granted_by)
    select ${siteId}, ${memberId}, now() + interval '1 year', 'bench'
    from generate_series(1, ${count}::int) as n`);
  await db.execute(sql`
    with base as (
      select coalesce((select last_number from member_counters where site_id = ${siteId}), 0) as last
    ), numbered as (
      select id, row_number() over (order by uid) as rn from members
      where site_id = ${siteId} and uid like ${`${prefix}%`}
    )
    update members set member_number = base.last + numbered.rn
    from numbered, base where members.id = numbered.id`);
  await db.execute(sql`
    insert into member_counters (site_id, last_number)
    select ${siteId}, max(member_number) from members where site_id = ${siteId}
    on conflict (site_id) do update set last_number = excluded.last_number`);
  return Array.from({ length: count }, (_, i) => ({
    uid: `${prefix}${i + 1}`,
    email: `${prefix}${i + 1}@bench.example`,
  }));
}

/** The accounts in the emulator's tenant, a thousand per call (its batchCreate, as the Admin SDK's importUsers). */
export async function importEmulatorAccounts(
  emulatorHost: string,
  projectId: string,
  tenantId: string,
  accounts: { uid: string; email: string }[],
): Promise<void> {
  for (let start = 0; start < accounts.length; start += 1_000) {
    const users = accounts
      .slice(start, start + 1_000)
      .map(({ uid, email }) => ({ localId: uid, email, emailVerified: true }));
    const response = await fetch(
      `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}/tenants/${tenantId}/accounts:batchCreate`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify({ users }),
        signal: AbortSignal.timeout(60_000),
      },
    );
    if (!response.ok) throw new Error(`emulator batchCreate: ${response.status} ${await response.text()}`);
  }
}

/**
 * A closed presale's whole entry list, written directly: an application per member of `prefix` (1 or 2 tickets, three
 * distinct choices spread over the offerings), as the apply path would have left them.
 */
export async function seedEntries(
  db: Db,
  presaleId: string,
  prefix: string,
  count: number,
  offeringIds: string[],
): Promise<void> {
  const offerings = sql`(select ${JSON.stringify(offeringIds)}::jsonb)`;
  await db.execute(sql`
    insert into presale_applications (id, presale_id, member_id, receipt_no, tickets, status)
    select md5(${presaleId} || n)::uuid, ${presaleId}, md5(${prefix} || n)::uuid, 'D' || lpad(n::text, 7, '0'),
           1 + n % 2, 'applied'
    from generate_series(1, ${count}::int) as n`);
  await db.execute(sql`
    insert into presale_choices (application_id, rank, offering_id)
    select md5(${presaleId} || n)::uuid, k + 1,
           ((${offerings}) ->> ((n * 7 + k * 13) % ${offeringIds.length}))::uuid
    from generate_series(1, ${count}::int) as n, generate_series(0, 2) as k`);
}

/** What seedPresale sets up: one seat list for every performance, the window from `opens`. */
export interface PresaleSeed {
  siteId: string;
  title: string;
  opens: Date;
  /** Default: a day after `opens`; the results a day after the close. */
  closes?: Date;
  results?: Date;
  performances: { startsAt: Date; venue: string }[];
  offerings: { seatType: string; capacity: number; priceYen: number }[];
  choiceCount: number;
  /** Who set it up (the staff actor's uid and name). */
  by: string;
}

/**
 * A presale on a new TICKET item, set up by the same function staff use, "an hour before" its window opens, as staff
 * would have: the benchmarks' and the fault rounds' one way to make one. Answers it with its offerings.
 */
export async function seedPresale(db: Db, seed: PresaleSeed) {
  const [item] = await db
    .insert(contentItems)
    .values({ siteId: seed.siteId, section: 'ticket', title: seed.title, state: 'published' })
    .returning({ id: contentItems.id });
  const closes = seed.closes ?? new Date(seed.opens.getTime() + 86_400_000);
  const setup = presaleSetupSchema.parse({
    performances: seed.performances.map((performance) => ({
      startsAt: jst(performance.startsAt),
      doorsAt: null,
      venue: performance.venue,
      offerings: seed.offerings,
    })),
    ticketsPerApplication: 2,
    choiceCount: seed.choiceCount,
    opensAt: jst(seed.opens),
    closesAt: jst(closes),
    resultsAt: jst(seed.results ?? new Date(closes.getTime() + 86_400_000)),
    joinedBefore: jst(seed.opens),
    companionRule: 'none',
    konbiniDeadlineDays: 3,
  });
  const actor = {
    siteId: seed.siteId,
    uid: seed.by,
    email: `${seed.by}@example.com`,
    displayName: seed.by,
    role: 'owner' as const,
  };
  const presale = await savePresale(db, actor, item!.id, setup, new Date(seed.opens.getTime() - 3_600_000));
  const offerings = await db
    .select({ id: presaleOfferings.id, performanceId: presaleOfferings.performanceId })
    .from(presaleOfferings)
    .where(eq(presaleOfferings.presaleId, presale.id));
  return { presale, itemId: item!.id, offerings };
}

/** `count` performances from 60 days on, a day apart, at ベンチ会場1…. */
export const benchPerformances = (count: number, now: Date) =>
  Array.from({ length: count }, (_, i) => ({
    startsAt: new Date(now.getTime() + (60 + i) * 86_400_000),
    venue: `ベンチ会場${i + 1}`,
  }));

/** A presale of 20 performances on a new TICKET item of the site, its window open now (bench:presale). */
export async function openPresale(
  db: Db,
  site: { id: string },
  title: string,
  seatTypes: string[],
  capacity: number,
) {
  const now = new Date();
  const { presale, itemId, offerings } = await seedPresale(db, {
    siteId: site.id,
    title,
    opens: new Date(now.getTime() - 60_000),
    closes: new Date(now.getTime() + 86_400_000),
    results: new Date(now.getTime() + 2 * 86_400_000),
    performances: benchPerformances(20, now),
    offerings: seatTypes.map((seatType) => ({ seatType, capacity, priceYen: 9800 })),
    choiceCount: 3,
    by: 'bench',
  });
  return { presale, itemId, offeringIds: offerings.map((o) => o.id) };
}

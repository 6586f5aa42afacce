/**
 * The scale data of `npm run bench`, written with plain SQL (generate_series) after `npm start`'s own demo seed:
 * each site grows to ITEMS_PER_SITE content items across the sections it offers, and MEMBERS_PER_SITE members join,
 * a realistic share of them premium. Item and member ids are derived from (site, n), so a target can be named.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { SiteConfig } from '@/features/site';

export const ITEMS_PER_SITE = 10_000;
export const MEMBERS_PER_SITE = 5_000;
/** Seeded item n is published this long before the previous one, the newest two minutes before the seed. */
const STEP = sql.raw(`interval '37 minutes'`);
/** 32 and 28 characters of Japanese: one paragraph is about 190 bytes of UTF-8. */
const SENTENCES = [
  'ライブに来てくださった皆さん、本当にありがとうございました。',
  '次のツアーの準備も少しずつ進めています。どうぞお楽しみに。',
];

/** db.execute answers an array (postgres-js) or { rows } (PGlite). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export interface SeededSite {
  id: string;
  slug: string;
  sections: string[];
  items: number;
  members: number;
  premiumMembers: number;
}

/** The body marker of seeded item n of a site: it is in the body only, never in the title or teaser. */
export const bodyMarker = (slug: string, n: number) => `bench-body-${slug}-${n}`;

export async function seedAtScale(db: Db): Promise<SeededSite[]> {
  const sites = await rowsOf<{ id: string; slug: string; config: SiteConfig }>(
    db,
    sql`select id, slug, config from sites order by slug`,
  );
  const seeded: SeededSite[] = [];
  for (const site of sites) {
    const sections = site.config.FC_CONTENTS.flatMap((entry) =>
      'requiredUserStatus' in entry ? [entry.id] : [],
    );
    const [{ count } = { count: 0 }] = await rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as count from content_items where site_id = ${site.id}`,
    );
    await seedItems(db, site, sections, ITEMS_PER_SITE - count);
    const premiumMembers = await seedMembers(db, site);
    seeded.push({
      id: site.id,
      slug: site.slug,
      sections,
      items: ITEMS_PER_SITE,
      members: MEMBERS_PER_SITE,
      premiumMembers,
    });
  }
  await db.execute(sql`analyze`);
  await announceChange(db, seeded);
  return seeded;
}

/**
 * Content written behind the app's back: where the schema has the page cache's per-site generations (decision
 * 0012), they are moved on as publishing moves them, so cached pages are dropped instead of staying stale.
 */
async function announceChange(db: Db, sites: { id: string }[]) {
  const [table] = await rowsOf<{ exists: boolean }>(
    db,
    sql`select to_regclass('page_cache_generations') is not null as exists`,
  );
  if (!table?.exists) return;
  for (const site of sites) {
    await db.execute(sql`
      insert into page_cache_generations (site_id, generation) values (${site.id}, 1)
      on conflict (site_id) do update
        set generation = page_cache_generations.generation + 1, changed_at = now()`);
  }
}

async function seedItems(db: Db, site: { id: string; slug: string }, sections: string[], count: number) {
  const paragraph = `<p>${SENTENCES.join('')}</p>`;
  await db.execute(sql`
    insert into content_items (id, site_id, section, title, teaser, body_html, open_to_all, state, published_at,
                               ticket, embed)
    select md5(${`${site.slug}-bench-item-`} || n)::uuid, ${site.id}, section,
           '【BENCH】' || upper(section) || ' 第' || n || '回のおしらせ',
           '第' || n || '回の記事の冒頭です。続きは会員の方だけがお読みいただけます。',
           repeat(${paragraph}, 6 + n % 11) || '<p>本文の目印: ' || ${`bench-body-${site.slug}-`} || n || '</p>',
           n % 5 = 0, 'published', at,
           case when section = 'ticket' then jsonb_build_object(
             'performances', jsonb_build_array(jsonb_build_object(
               'startsAt', to_char((at + interval '40 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
               'venue', 'Zepp Haneda', 'area', '東京')),
             'applyFrom', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
             'applyUntil', to_char((at + interval '7 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
           end,
           case when section = 'movie' then '{"provider":"youtube","videoId":"M7lc1UVf-VE"}'::jsonb end
    from (
      select n, (string_to_array(${sections.join(',')}, ','))[1 + n % ${sections.length}] as section,
             now() - interval '2 minutes' - n * ${STEP} as at
      from generate_series(1, ${count}::int) as n
    ) as seeded`);
}

/**
 * Members n = 1..MEMBERS_PER_SITE: n % 10 in 0..2 pay and are active, 3 has left but its paid period still runs
 * (premium), 4 has left and its period is over (a guest again), the rest signed up without a plan. Everyone who
 * joined gets the site's next member number, as joinMember gives them (no gaps), and the counter follows.
 */
async function seedMembers(db: Db, site: { id: string; slug: string }): Promise<number> {
  const memberId = sql`md5(${`${site.slug}-bench-member-`} || n)::uuid`;
  const plan = (code: string) => sql`(select id from plans where site_id = ${site.id} and code = ${code})`;
  await db.execute(sql`
    insert into members (id, site_id, uid, email, nickname, family_name, given_name, family_name_kana,
                         given_name_kana, birthday, phone, postal_code, prefecture, city, street, chosen_plan_id,
                         created_at, updated_at, joined_at)
    select ${memberId}, ${site.id}, ${`bench-${site.slug}-`} || n, 'fan' || n || ${`@${site.slug}.bench.example`},
           'ファン' || n, '佐藤', '花子', 'サトウ', 'ハナコ', date '1980-01-01' + n % 9000,
           '090' || lpad(n::text, 8, '0'), '1000001', '東京都', '千代田区千代田', '1-' || n,
           case when n % 10 < 5 then case when n % 3 = 0 then ${plan('yearly')} else ${plan('monthly')} end end,
           now() - (n % 700 + 30) * interval '1 day', now(),
           case when n % 10 < 5 then now() - (n % 700 + 30) * interval '1 day' + interval '10 minutes' end
    from generate_series(1, ${MEMBERS_PER_SITE}::int) as n`);
  await db.execute(sql`
    insert into subscriptions (site_id, member_id, plan_id, provider, provider_subscription_id, status,
                               current_period_end, cancel_at_period_end, canceled_at)
    select ${site.id}, ${memberId}, (select chosen_plan_id from members where id = ${memberId}), 'sandbox',
           ${`sub_sb_bench_${site.slug}_`} || n,
           case when n % 10 = 4 then 'canceled' else 'active' end,
           case when n % 10 = 4 then now() - (n % 60 + 1) * interval '1 day'
                else now() + (n % 28 + 1) * interval '1 day' end,
           n % 10 = 3,
           case when n % 10 = 4 then now() - (n % 60 + 20) * interval '1 day'
                when n % 10 = 3 then now() - interval '3 days' end
    from generate_series(1, ${MEMBERS_PER_SITE}::int) as n
    where n % 10 < 5`);
  await db.execute(sql`
    with base as (
      select coalesce((select last_number from member_counters where site_id = ${site.id}), 0) as last
    ), numbered as (
      select id, row_number() over (order by joined_at, id) as rn from members
      where site_id = ${site.id} and uid like 'bench-%' and joined_at is not null
    )
    update members set member_number = base.last + numbered.rn
    from numbered, base where members.id = numbered.id`);
  await db.execute(sql`
    insert into member_counters (site_id, last_number)
    select ${site.id}, max(member_number) from members where site_id = ${site.id}
    on conflict (site_id) do update set last_number = excluded.last_number`);
  return (MEMBERS_PER_SITE / 10) * 4;
}

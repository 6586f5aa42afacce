/**
 * What `npm run bench:presale` seeds in its own database: eligible premium members by the thousand (a complimentary
 * grant each, joined two months ago, numbered as joinMember numbers them), their accounts in the Auth emulator (the
 * application endpoint checks the account with the provider on every request), and whole entry lists for a draw.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';

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

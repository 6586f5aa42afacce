/**
 * What the member targets of `npm run bench` need: sessions opened directly in the database (as createSession writes
 * them after a verified sign-in) for the demo accounts and for the scale seed's premium members, their identity
 * check made due or fresh, and the seeded items the detail targets open.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { bodyMarker, rowsOf } from './bench-seed';

export const SESSION_COOKIE = '__Host-fc_session';

/** A live session for the member of `siteId` whose e-mail is `email`; answers the Cookie header value. */
export async function openSession(db: Db, siteId: string, email: string): Promise<string> {
  const [member] = await rowsOf<{ uid: string }>(
    db,
    sql`select uid from members where site_id = ${siteId} and email = ${email}`,
  );
  if (!member) throw new Error(`no member ${email} on site ${siteId} (did npm start seed the demo members?)`);
  const token = randomBytes(32).toString('base64url');
  const idHash = createHash('sha256').update(token).digest('base64url');
  await db.execute(sql`
    insert into sessions (id_hash, site_id, uid, email, auth_time, created_at, expires_at, verified_at)
    values (${idHash}, ${siteId}, ${member.uid}, ${email}, now(), now(), now() + interval '1 day', now())`);
  return `${SESSION_COOKIE}=${token}`;
}

export interface DetailTarget {
  id: string;
  n: number;
  marker: string;
}

/** The newest seeded item of a section, open to everyone or not as asked. */
export async function seededItem(
  db: Db,
  site: { id: string; slug: string },
  section: string,
  openToAll: boolean,
): Promise<DetailTarget> {
  const [row] = await rowsOf<{ id: string; title: string }>(
    db,
    sql`select id, title from content_items
        where site_id = ${site.id} and section = ${section} and open_to_all = ${openToAll}
          and title like '【BENCH】%'
        order by published_at desc limit 1`,
  );
  const n = Number(row?.title.match(/第(\d+)回/)?.[1]);
  if (!row || !Number.isInteger(n)) throw new Error(`no seeded ${section} item on ${site.slug}`);
  return { id: row.id, n, marker: bodyMarker(site.slug, n) };
}

/** The stored hash of the session a Cookie header value (as openSession answers it) opens. */
export function sessionHashOf(cookie: string): string {
  const token = cookie.slice(cookie.indexOf('=') + 1);
  return createHash('sha256').update(token).digest('base64url');
}

function newSession(): { cookie: string; idHash: string } {
  const token = randomBytes(32).toString('base64url');
  return {
    cookie: `${SESSION_COOKIE}=${token}`,
    idHash: createHash('sha256').update(token).digest('base64url'),
  };
}

/** The hashes as one JSON parameter: any number of them in one statement. */
const hashList = (hashes: string[]) =>
  sql`(select value from json_array_elements_text(${JSON.stringify(hashes)}::json))`;

/**
 * `count` live sessions of one member (all of the same account), in one statement; answers their Cookie header
 * values. For the re-check target: a session per request, each due for its identity check (makeDue).
 */
export async function openSessions(db: Db, siteId: string, email: string, count: number): Promise<string[]> {
  const [member] = await rowsOf<{ uid: string }>(
    db,
    sql`select uid from members where site_id = ${siteId} and email = ${email}`,
  );
  if (!member) throw new Error(`no member ${email} on site ${siteId} (did npm start seed the demo members?)`);
  const sessions = Array.from({ length: count }, newSession);
  await db.execute(sql`
    insert into sessions (id_hash, site_id, uid, email, auth_time, created_at, expires_at, verified_at)
    select value, ${siteId}, ${member.uid}, ${email}, now(), now(), now() + interval '1 day', now()
    from json_array_elements_text(${JSON.stringify(sessions.map((session) => session.idHash))}::json)`);
  return sessions.map((session) => session.cookie);
}

/**
 * One live session for each of `count` distinct premium members whose uids start with `uidPrefix` (by default the
 * scale seed's, lib/bench-seed.ts: an active subscription, n % 10 in 0..3; or a running grant), in one statement;
 * answers their Cookie header values. Accounts not in the identity provider must be used before they fall due for the
 * identity check (4 minutes).
 */
export async function openPremiumMemberSessions(
  db: Db,
  site: { id: string; slug: string },
  count: number,
  uidPrefix = `bench-${site.slug}-`,
): Promise<string[]> {
  const members = await rowsOf<{ uid: string; email: string }>(
    db,
    sql`select m.uid, m.email from members m
        where m.site_id = ${site.id} and m.uid like ${`${uidPrefix}%`}
          and (exists (select 1 from subscriptions s where s.member_id = m.id and s.status = 'active')
               or exists (select 1 from complimentary_grants g
                          where g.member_id = m.id and g.revoked_at is null and g.ends_at > now()))
        order by m.uid limit ${count}`,
  );
  if (members.length < count)
    throw new Error(
      `only ${members.length} premium members of the scale seed on ${site.slug}, ${count} wanted`,
    );
  const rows = members.map((member) => ({ ...member, ...newSession() }));
  await db.execute(sql`
    insert into sessions (id_hash, site_id, uid, email, auth_time, created_at, expires_at, verified_at)
    select r.id_hash, ${site.id}, r.uid, r.email, now(), now(), now() + interval '1 day', now()
    from json_to_recordset(${JSON.stringify(rows.map(({ idHash, uid, email }) => ({ id_hash: idHash, uid, email })))}::json)
      as r(id_hash text, uid text, email text)`);
  return rows.map((row) => row.cookie);
}

/**
 * Makes the sessions of these cookies due for their identity check: last checked at least 5 minutes ago, past the
 * app's 4 minutes (REVERIFY_AFTER_MS) and within its 15-minute grace (MAX_UNVERIFIED_MS). Only the sessions checked
 * since are written (the app's checks of the last run): the others are due already, and rewriting thousands of rows
 * before every run would load the database the run measures.
 */
export async function makeDue(db: Db, cookies: string[]): Promise<void> {
  await db.execute(sql`
    update sessions set verified_at = now() - interval '5 minutes'
    where id_hash in ${hashList(cookies.map(sessionHashOf))} and verified_at > now() - interval '5 minutes'`);
}

/** Marks these sessions checked just now, so that a run of a target that is not about the check never meets it. */
export async function markChecked(db: Db, cookies: string[]): Promise<void> {
  await db.execute(sql`
    update sessions set verified_at = now() where id_hash in ${hashList(cookies.map(sessionHashOf))}`);
}

/** How many of these sessions the app has checked with the identity provider since `since` (it marks them so). */
export async function countCheckedSince(db: Db, cookies: string[], since: Date): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from sessions
        where id_hash in ${hashList(cookies.map(sessionHashOf))} and verified_at >= ${since.toISOString()}::timestamptz`,
  );
  return row?.count ?? 0;
}

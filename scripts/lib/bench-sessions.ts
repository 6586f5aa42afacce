/**
 * What the member targets of `npm run bench` need: sessions opened directly in the database for the demo accounts
 * (as createSession writes them after a verified sign-in), and the seeded items the detail targets open.
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

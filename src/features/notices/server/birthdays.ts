import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { env } from '@/server/env';
import { defineJob } from '@/server/jobs';
import { choosePaymentProvider } from '@/server/payments/choice';
import { rowsOf } from '@/server/db/raw';
import { sites } from '@/server/db/schema';
import { siteConfigSchema } from '@/features/site';
import { hasPremiumSql } from '@/features/membership/server';

export interface BirthdayOptions {
  /** The instant to read as "now" (tests); the database's now() otherwise. */
  now?: Date;
  /** Whether each site's sandbox test clock moves its day, as it moves its billing time (the sandbox only). */
  sandboxClock: boolean;
}

/**
 * The birthday greetings of today (issue 43, docs/decisions/0052): for every premium member of a site that greets
 * birthdays, whose birthday is the site's day in Japan time and who has not turned the greeting off, one notice with
 * the site's message. Its delivery key `birthday:<member>:<Japan year>` is unique per site, so however many runs,
 * restarts or instances, a member gets one greeting a year; the mail goes through the outbox like any notice, under
 * the optional topic `birthday`. A 29 February birthday is greeted on 28 February in other years. Neither the birth
 * date nor an age is written into the notice. Answers how many notices it wrote.
 */
export async function enqueueBirthdayGreetings(db: Db, options: BirthdayOptions): Promise<number> {
  const rows = await db.select({ id: sites.id, config: sites.config }).from(sites);
  let written = 0;
  for (const row of rows) {
    const parsed = siteConfigSchema.safeParse(row.config);
    if (!parsed.success || !parsed.data.BIRTHDAY.ENABLED) continue;
    const { SUBJECT, MESSAGE } = parsed.data.BIRTHDAY;
    const base = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
    const offset = options.sandboxClock
      ? sql`COALESCE((SELECT c.offset_ms FROM sandbox_clocks c WHERE c.site_id = ${row.id}), 0)`
      : sql`0`;
    const at = sql`(${base} + ${offset} * interval '1 millisecond')`;
    const result: unknown = await db.execute(sql`
      WITH day AS (SELECT (${at} AT TIME ZONE 'Asia/Tokyo')::date AS today)
      INSERT INTO notices (site_id, member_id, kind, delivery_key, data)
      SELECT m.site_id, m.id, 'birthday', 'birthday:' || m.id || ':' || to_char(day.today, 'YYYY'),
        jsonb_build_object(
          'subject', replace(${SUBJECT}::text, '{name}', COALESCE(NULLIF(btrim(m.nickname), ''), '会員')),
          'message', replace(${MESSAGE}::text, '{name}', COALESCE(NULLIF(btrim(m.nickname), ''), '会員')))
      FROM members m CROSS JOIN day
      LEFT JOIN notice_preferences p ON p.member_id = m.id
      WHERE m.site_id = ${row.id} AND m.member_number IS NOT NULL AND m.birthday IS NOT NULL
        AND COALESCE(p.birthday_greeting, true)
        AND (to_char(m.birthday, 'MM-DD') = to_char(day.today, 'MM-DD')
          OR (to_char(m.birthday, 'MM-DD') = '02-29' AND to_char(day.today, 'MM-DD') = '02-28'
            AND to_char(day.today + 1, 'MM-DD') = '03-01'))
        AND ${hasPremiumSql(sql`m.id`, at)}
      ON CONFLICT DO NOTHING
      RETURNING id`);
    written += rowsOf(result).length;
  }
  return written;
}

/**
 * Birthday greetings every 15 s: a member whose day has just begun (or whose clock a test moved) is greeted soon,
 * and an idle run is one statement per site. A second run, a restart or another instance adds nothing (the key).
 */
export const birthdayGreetingJob = defineJob({
  name: 'birthday-greetings',
  label: '誕生日のお祝い',
  everyMs: 15_000,
  timeoutMs: 2 * 60_000,
  async run({ db }) {
    const written = await enqueueBirthdayGreetings(db, {
      sandboxClock: choosePaymentProvider(env) === 'sandbox',
    });
    if (written > 0) console.log(`birthdays: ${written} greetings`);
  },
});

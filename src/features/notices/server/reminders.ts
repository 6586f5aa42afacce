import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { defineJob } from '@/server/jobs';
import { rowsOf } from '@/server/db/raw';

/**
 * Renewal reminders: a notice for every subscription that renews within 7 days and is not leaving, once per period
 * (its delivery key names the period's end). One statement, so any instance may run it any time; the key makes a
 * second run add nothing. Real time, not the sandbox's test clock: a mail goes out in the real world.
 */
export async function enqueueRenewalReminders(db: Db, now = new Date()): Promise<number> {
  const result: unknown = await db.execute(sql`
    INSERT INTO notices (site_id, member_id, kind, delivery_key, data)
    SELECT s.site_id, s.member_id, 'renewal-reminder',
      'renewal-reminder:' || s.provider_subscription_id || ':' || to_char(s.current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'),
      jsonb_build_object('planName', p.name, 'amountYen', p.price_yen,
        'renewsOn', to_char(s.current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
    FROM subscriptions s
    JOIN plans p ON p.id = s.plan_id
    WHERE s.status = 'active' AND NOT s.cancel_at_period_end
      AND s.current_period_end > ${now.toISOString()}::timestamptz
      AND s.current_period_end <= ${now.toISOString()}::timestamptz + interval '7 days'
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return rowsOf(result).length;
}

/** Renewal reminders every 10 minutes: a week's notice needs no more, and a second run adds nothing. */
export const renewalReminderJob = defineJob({
  name: 'renewal-reminders',
  label: '更新日のお知らせ',
  everyMs: 10 * 60_000,
  timeoutMs: 2 * 60_000,
  async run({ db }) {
    await enqueueRenewalReminders(db);
  },
});

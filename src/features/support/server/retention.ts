import 'server-only';
import { lt } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { supportThreads } from '@/server/db/schema';
import { defineJob } from '@/server/jobs';

/** How long a question and its answers are kept after the last message (decision 0053). */
export const SUPPORT_RETENTION_DAYS = 730;

/**
 * Deletes the threads whose last message is older than the retention (their messages go with them, by the foreign
 * key). One statement, so any instance may run it any time; a second run finds nothing. A member who leaves keeps
 * their threads until then; a member row deleted takes its threads at once (cascade).
 */
export async function deleteExpiredThreads(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SUPPORT_RETENTION_DAYS * 86_400_000);
  const deleted = await db
    .delete(supportThreads)
    .where(lt(supportThreads.lastMessageAt, cutoff))
    .returning({ id: supportThreads.id });
  return deleted.length;
}

/** Once a day: the retention is counted in years, a day late deletes nothing that should stay. */
export const supportRetentionJob = defineJob({
  name: 'support-retention',
  label: 'お問い合わせの保存期間',
  everyMs: 24 * 3_600_000,
  timeoutMs: 2 * 60_000,
  async run({ db }) {
    await deleteExpiredThreads(db);
  },
});

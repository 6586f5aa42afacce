import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';

/** Sent or skipped (no address, or the member turned this topic off): done, never taken again. */
export async function markDelivered(db: Db, ids: string[], status: 'sent' | 'skipped'): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE notices SET mail_status = ${status}, mail_sent_at = CASE WHEN ${status} = 'sent' THEN now() END,
      mail_error = NULL
    WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[]) AND mail_status = 'sending'`);
}

/** Seconds before the next try: 30 s, 1, 2, 4 min…, at most an hour; during an outage, every 5 s. */
export function backoffSeconds(attempts: number, outage: boolean): number {
  if (outage) return 5;
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 3600);
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

/**
 * A mail that did not go: due again after a backoff. A server that could not be reached counts no attempt (the
 * mail waits out the outage however long); a refusal counts one, and after `maxAttempts` the mail is kept as
 * failed, listed for the site's owner with a retry button. Answers whether it was given up.
 */
export async function retryLater(
  db: Db,
  notice: { id: string; mail_attempts: number },
  error: unknown,
  options: { outage: boolean; maxAttempts: number },
): Promise<boolean> {
  const attempts = notice.mail_attempts + (options.outage ? 0 : 1);
  const gaveUp = !options.outage && attempts >= options.maxAttempts;
  const delay = backoffSeconds(options.outage ? notice.mail_attempts : attempts, options.outage);
  await db.execute(sql`
    UPDATE notices SET mail_status = ${gaveUp ? 'failed' : 'pending'}, mail_attempts = ${attempts},
      mail_error = ${describe(error)}, mail_due_at = now() + ${delay} * interval '1 second'
    WHERE id = ${notice.id} AND mail_status = 'sending'`);
  return gaveUp;
}

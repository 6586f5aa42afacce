import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { paths } from '@/lib/paths';
import { noticeTopic, type NoticeTopic } from '@/features/notices/templates';
import { isOutage, type Mailer } from './mailer';
import { renderNoticeMail } from './render-mail';
import { rowsOf } from '@/server/db/raw';
import { siteMails, type SiteMail } from './site-mail';
import { unsubscribeToken } from './unsubscribe-token';
import { markDelivered, retryLater } from './outcomes';

export interface DeliveryOptions {
  mailer: Mailer;
  batchSize?: number;
  /** Refusals by the mail server before a mail is given up (kept as failed, for staff to retry). */
  maxAttempts?: number;
}

export interface ClaimedNotice {
  id: string;
  site_id: string;
  /** null for a staff mail (to_address). */
  member_id: string | null;
  kind: string;
  delivery_key: string;
  data: unknown;
  mail_attempts: number;
  email: string | null;
  announcements: boolean | null;
  reminders: boolean | null;
  birthday: boolean | null;
}

/** How long a claimed batch is the worker's: one that crashed leaves rows that are taken again after this. */
const LEASE = sql`interval '5 minutes'`;

/**
 * Claims due mails (pending, or sending with a lapsed lease) with FOR UPDATE SKIP LOCKED, so any number of workers
 * on one database take each row once, and marks them sending under a lease in the same statement.
 */
async function claim(db: Db, limit: number): Promise<ClaimedNotice[]> {
  const result: unknown = await db.execute(sql`
    WITH claimed AS (
      UPDATE notices n SET mail_status = 'sending', mail_due_at = now() + ${LEASE}
      WHERE n.id IN (
        SELECT id FROM notices
        WHERE mail_status IN ('pending', 'sending') AND mail_due_at <= now()
        ORDER BY mail_due_at LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING n.id, n.site_id, n.member_id, n.to_address, n.kind, n.delivery_key, n.data, n.mail_attempts)
    SELECT c.id, c.site_id, c.member_id, c.kind, c.delivery_key, c.data, c.mail_attempts,
      coalesce(c.to_address, m.email) AS email, p.announcements, p.reminders, p.birthday
    FROM claimed c
    LEFT JOIN members m ON m.id = c.member_id
    LEFT JOIN notice_preferences p ON p.member_id = c.member_id`);
  return rowsOf<ClaimedNotice>(result);
}

function wants(notice: ClaimedNotice, topic: NoticeTopic | null): boolean {
  if (topic === null) return true;
  return notice[topic] !== false;
}

/** A Message-ID that names the notice: the same for every copy of it, so a receiver can tell a repeat. */
function messageIdOf(notice: ClaimedNotice, site: SiteMail): string {
  const domain = site.from.address.split('@')[1] ?? 'localhost';
  return `<${notice.site_id}.${encodeURIComponent(notice.delivery_key)}@${domain}>`;
}

async function deliverOne(notice: ClaimedNotice, site: SiteMail, mailer: Mailer): Promise<void> {
  const topic = noticeTopic(notice.kind);
  const token = topic && notice.member_id ? unsubscribeToken(notice.member_id, topic) : null;
  const pageUrl = token ? new URL(paths.unsubscribe(token), site.look.siteUrl).toString() : null;
  const postUrl = token ? new URL(paths.unsubscribeApi(token), site.look.siteUrl).toString() : null;
  const mail = await renderNoticeMail(site.look, notice, pageUrl);
  await mailer.send({
    from: site.from,
    to: notice.email!,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: messageIdOf(notice, site),
    headers: postUrl
      ? { 'List-Unsubscribe': `<${postUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : undefined,
  });
}

export interface DeliveryReport {
  claimed: number;
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
  outage: boolean;
}

/** One round: claims a batch, sends it over the mailer's pool, and writes each outcome. */
export async function deliverDue(db: Db, options: DeliveryOptions): Promise<DeliveryReport> {
  const claimed = await claim(db, options.batchSize ?? 50);
  const report: DeliveryReport = {
    claimed: claimed.length,
    sent: 0,
    skipped: 0,
    retried: 0,
    failed: 0,
    outage: false,
  };
  if (claimed.length === 0) return report;
  const sites = await siteMails(db, [...new Set(claimed.map((notice) => notice.site_id))]);
  const sent: string[] = [];
  const skipped: string[] = [];
  const errors: { notice: ClaimedNotice; error: unknown }[] = [];
  await Promise.all(
    claimed.map(async (notice) => {
      const site = sites.get(notice.site_id);
      if (!site || !notice.email || !wants(notice, noticeTopic(notice.kind)))
        return void skipped.push(notice.id);
      try {
        await deliverOne(notice, site, options.mailer);
        sent.push(notice.id);
      } catch (error) {
        errors.push({ notice, error });
      }
    }),
  );
  await markDelivered(db, sent, 'sent');
  await markDelivered(db, skipped, 'skipped');
  for (const { notice, error } of errors) {
    const outage = isOutage(error);
    report.outage ||= outage;
    const gaveUp = await retryLater(db, notice, error, { outage, maxAttempts: options.maxAttempts ?? 5 });
    if (gaveUp) report.failed++;
    else report.retried++;
  }
  report.sent = sent.length;
  report.skipped = skipped.length;
  return report;
}

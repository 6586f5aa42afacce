import 'server-only';
import { env } from '@/server/env';
import { defineJob, type Job } from '@/server/jobs';
import { deliverDue, type DeliveryOptions } from './deliver';
import { smtpMailer } from './mailer';

export interface MailJobOptions extends DeliveryOptions {
  /** Delivery rounds going at once in a run, each claiming rows of its own (SKIP LOCKED). */
  lanes?: number;
  /** The pause between runs. */
  everyMs?: number;
}

/**
 * The notices' mail delivery (docs/decisions/0028) as a job: each run delivers due mails in rounds, a full batch
 * followed at once by the next, until none is due or the run's signal ends it. Rows are claimed once, under their
 * own lease, so the job's runs never send a mail twice. A mail server that cannot be reached fails the run (the
 * owner sees it); its mails wait, due again after a few seconds.
 */
export function mailDeliveryJob(options: MailJobOptions): Job {
  const batchSize = options.batchSize ?? 50;
  return defineJob({
    name: 'mail-delivery',
    label: 'メール配信',
    everyMs: options.everyMs ?? 1_000,
    // The lease of a claimed batch (deliver.ts): a run is never cut short while its mails are still its own.
    timeoutMs: 5 * 60_000,
    async run({ db, signal }) {
      let outage = false;
      const lane = async () => {
        while (!signal.aborted && !outage) {
          const report = await deliverDue(db, { ...options, batchSize });
          outage ||= report.outage;
          if (report.claimed < batchSize) return;
        }
      };
      await Promise.all(Array.from({ length: options.lanes ?? 2 }, lane));
      if (outage)
        throw new Error('メールサーバーに接続できませんでした（メールは接続が戻りしだい送られます）');
    },
    close: () => options.mailer.close(),
  });
}

/** The mail delivery with the environment's mail server; none without SMTP_URL (mails then wait in the queue). */
export function mailDeliveryJobFromEnv(): Job | null {
  if (!env.SMTP_URL) {
    console.warn('mail: SMTP_URL is not set; notices wait in the queue until it is.');
    return null;
  }
  return mailDeliveryJob({ mailer: smtpMailer(env.SMTP_URL, { timeoutMs: env.SMTP_TIMEOUT_MS }) });
}

import 'server-only';
import { env } from '@/server/env';
import type { Db } from '@/server/db/client';
import { smtpMailer } from './mailer';
import { startMailWorker } from './worker';

/** The app server's mail worker with the environment's mail server; without SMTP_URL mails wait in the queue. */
export function startMailWorkerFromEnv(db: Db): () => Promise<void> {
  if (!env.SMTP_URL) {
    console.warn('mail: SMTP_URL is not set; notices wait in the queue until it is.');
    return async () => {};
  }
  const mailer = smtpMailer(env.SMTP_URL, { timeoutMs: env.SMTP_TIMEOUT_MS });
  return startMailWorker(db, { mailer });
}

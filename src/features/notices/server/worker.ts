import 'server-only';
import type { Db } from '@/server/db/client';
import { deliverDue, type DeliveryOptions } from './deliver';
import { enqueueRenewalReminders } from './reminders';

export interface MailWorkerOptions extends DeliveryOptions {
  /** Wait between rounds when nothing was due. */
  idleMs?: number;
  /** How often renewal reminders are looked for. */
  reminderEveryMs?: number;
}

/**
 * The mail worker of one app instance: delivers due mails in rounds (a full batch is followed at once by the
 * next), waits `idleMs` when none is due, and longer while the mail server is unreachable. Several instances may
 * run it on one database (rows are claimed with SKIP LOCKED). Answers a function that stops it.
 */
export function startMailWorker(db: Db, options: MailWorkerOptions): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: () => void = () => {};
  let lastReminders = 0;
  const idleMs = options.idleMs ?? 1_000;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });

  const loop = (async () => {
    while (!stopped) {
      let waitMs = idleMs;
      try {
        if (Date.now() - lastReminders > (options.reminderEveryMs ?? 10 * 60_000)) {
          await enqueueRenewalReminders(db);
          lastReminders = Date.now();
        }
        const report = await deliverDue(db, options);
        if (report.outage) waitMs = 5_000;
        else if (report.claimed === (options.batchSize ?? 50)) waitMs = 0;
      } catch (error) {
        // The database is away (an outage answers 503 elsewhere): the rows stay due, and the next round takes them.
        console.warn('mail: a delivery round failed', error instanceof Error ? error.message : error);
        waitMs = 5_000;
      }
      if (waitMs > 0 && !stopped) await pause(waitMs);
    }
  })();

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    wake();
    await loop;
    options.mailer.close();
  };
}

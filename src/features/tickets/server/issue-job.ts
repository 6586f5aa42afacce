import 'server-only';
import { getDb } from '@/server/db';
import { issueDueTickets } from './issue';

const INTERVAL_MS = 15_000;

/**
 * Issues the e-tickets of paid wins once each presale's 発券日 has come, in every instance: each presale's issue
 * takes its row lock and the key (application, seq) holds, so two instances never issue a seat twice.
 */
export function startTicketIssuing(intervalMs = INTERVAL_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  async function run(): Promise<void> {
    try {
      const issued = await issueDueTickets(await getDb());
      if (issued > 0) console.log(`tickets: ${issued} issued`);
    } catch (error) {
      console.warn('tickets: issue not finished, tried again later:', (error as Error).message);
    }
    if (!stopped) timer = setTimeout(() => void run(), intervalMs).unref();
  }
  timer = setTimeout(() => void run(), 2_000).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

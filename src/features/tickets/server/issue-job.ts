import 'server-only';
import { defineJob } from '@/server/jobs';
import { issueDueTickets } from './issue';

/**
 * Issues the e-tickets of paid wins once each presale's 発券日 has come (docs/decisions/0033), every 15 s: each
 * presale's issue takes its row lock and the key (application, seq) holds, so a seat is never issued twice.
 */
export const ticketIssueJob = defineJob({
  name: 'ticket-issue',
  label: '電子チケットの発券',
  everyMs: 15_000,
  timeoutMs: 300_000,
  async run({ db }) {
    const issued = await issueDueTickets(db);
    if (issued > 0) console.log(`tickets: ${issued} issued`);
  },
});

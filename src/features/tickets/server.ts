// Public entry of the tickets feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { codeBatch } from './server/codes';
export { offlineCopyFor } from './server/ahead';
export { checkIn, doorPerformances, doorRoster } from './server/door';
export { issueDueTickets, issuePresaleTickets } from './server/issue';
export { publicKeysOf, serverCheck, shortCodeOf, signCode } from './server/keys';
export { myETickets } from './server/my-tickets';
export { ticketIssueJob } from './server/issue-job';
export { saveTicketSettings } from './server/settings';
export { acceptTicket, offerTicket } from './server/transfer';

// Public entry of the resale feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { listTickets, withdrawListing } from './server/listing';
export { joinWait, leaveWait } from './server/waits';
export { latestSlot, runRound } from './server/match';
export { payMatch, transferPaid, refundSold, lapseDueMatches } from './server/settle';
export { resaleJob, runResaleJobs } from './server/jobs';
export { myResale } from './server/my-resale';
export { matchNow, presaleIdOfItem, resaleCsv, resaleReport, saveResaleSettings } from './server/staff';

// Public entry of the presale feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { applyToPresale } from './server/apply';
export { presaleDirectRoutes } from './server/direct-api';
export { closeAndDrawDue, drawPresale, freezePresale } from './server/close-and-draw';
export { presaleJob } from './server/draw-job';
export { myTickets } from './server/my-tickets';
export { savePresale } from './server/setup';
export { runPresaleJobs } from './server/jobs';
export { announceResults } from './server/results';
export { cancelPresaleEvent, finishCancellation, resaleRefundedOf } from './server/cancel';
export { paidCsvFileName, paidList, paidListCsv } from './server/paid-list';
export { payWinAgain } from './server/pay';
export { runSecondChance, setSecondChance, secondChancePool } from './server/second-chance';
export {
  drawSecondRound,
  SecondRoundError,
  type SecondRoundAllocation,
  type SecondRoundInput,
  type SecondRoundOutcome,
} from './server/second-round';

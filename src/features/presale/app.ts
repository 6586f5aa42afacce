// Public entry of the presale feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export {
  getPaidCsv,
  postAuthenticate,
  postCancel,
  postExtend,
  postPayment,
  postReleasedSeats,
  postSecondChance,
  postSecondChanceRound,
  putPresale,
} from './server/api';
export { AuthenticateWinPage } from './components/authenticate-page';
export { getDrawLog, getDrawRecord, getDraws, getPresaleFairness, getRoundRecord } from './server/public-api';
export { PaidPage } from './components/paid-page';
export { DrawLogPage } from './components/public/draw-log-page';
export { DrawsPage } from './components/public/draws-page';
export { VerifyPage } from './components/public/verify-page';
export { PresaleListPage } from './components/staff/presale-list-page';
export { PresaleStaffPage } from './components/staff/presale-staff-page';

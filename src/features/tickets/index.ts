// Public entry of the tickets feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { checkCode, type CodeCheck, type SignatureCheck } from './code/check';
export {
  CODE_BYTES,
  parseCode,
  signedBytes,
  tagOf,
  WINDOW_SECONDS,
  windowOf,
  withinWindow,
} from './code/format';
export { REFUSALS, type RefusalReason } from './code/reasons';
export { formatShortCode, normalizeShortCode } from './code/short-code';
export { ticketSettingsSchema } from './schemas';
export type { CodeBatch, DoorResult, DoorRoster, DoorScan, ETicketView } from './types';

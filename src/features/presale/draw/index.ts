export {
  BEACON_NOTES,
  DRAW_ALGORITHM,
  drawBeaconSchema,
  drawRecordSchema,
  LOCAL_BEACON_NOTE,
  OPERATOR_BEACON_NOTE,
  SECOND_ROUND_KINDS,
} from './record';
export type {
  DrawBeacon,
  DrawEntry,
  DrawOffering,
  DrawRecord,
  DrawResult,
  DrawRound,
  DrawVoided,
  SecondRoundKind,
} from './record';
export { DRAW_CHECK_LABELS, type DrawCheck } from './rules';
export { NOT_ANCHORED, verifyPublishedDraw, type PublishedDrawVerification } from './published';
export { fetchBytes, parseJsonBytes, recordPath } from './source';
export { runDraw, seedCommitment } from './draw';
export { drawRecordFile, makeDrawRecord } from './make-record';
export { verifyDrawRecord, verifyDrawRecordFile, type Verification } from './verify';
export { canonicalEntryList } from './canonical';
export { transparencyReport, type TransparencyReport } from './report';
export {
  checkRecordAgainstLog,
  drawLogId,
  compareWithSavedLog,
  DRAW_LOG_ALGORITHM,
  drawLogSchema,
  entryListValue,
  nextDrawLogEntry,
  roundValue,
  verifyDrawLog,
  type DrawLog,
  type DrawLogEntry,
  type DrawLogKind,
} from './log';

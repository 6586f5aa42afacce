export { DRAW_ALGORITHM, drawRecordSchema, LOCAL_BEACON_NOTE, OPERATOR_BEACON_NOTE } from './record';
export type { DrawBeacon, DrawEntry, DrawOffering, DrawRecord, DrawResult } from './record';
export { runDraw, seedCommitment } from './draw';
export { makeDrawRecord } from './make-record';
export { verifyDrawRecord, type Verification } from './verify';
export { canonicalEntryList } from './canonical';
export { transparencyReport, type TransparencyReport } from './report';
export {
  checkRecordAgainstLog,
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

export { DRAW_ALGORITHM, drawRecordSchema } from './record';
export type { DrawBeacon, DrawEntry, DrawOffering, DrawRecord, DrawResult } from './record';
export { runDraw, seedCommitment } from './draw';
export { makeDrawRecord } from './make-record';
export { verifyDrawRecord, type Verification } from './verify';
export { canonicalEntryList } from './canonical';
export { transparencyReport, type TransparencyReport } from './report';

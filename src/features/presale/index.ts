// Public entry of the presale feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export {
  checkRecordAgainstLog,
  LOCAL_BEACON_NOTE,
  OPERATOR_BEACON_NOTE,
  transparencyReport,
  verifyDrawLog,
  verifyDrawRecord,
} from './draw';
export { verifyDrawCommand } from './draw/command';
export type { DrawBeacon, DrawLog, DrawRecord, TransparencyReport } from './draw';
export type { PresaleFairness, PublicDraw } from './types';
export { presaleSetupSchema } from './schemas';
export { accessLabel } from './access';

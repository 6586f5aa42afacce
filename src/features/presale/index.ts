// Public entry of the presale feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { transparencyReport, verifyDrawRecord, type TransparencyReport } from './draw';
export type { DrawBeacon, DrawRecord } from './draw/record';
export { presaleSetupSchema } from './schemas';

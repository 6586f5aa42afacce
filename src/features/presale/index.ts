// Public entry of the presale feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { verifyDrawRecord } from './draw';
export { verifyDrawCommand } from './draw/command';
export type { DrawBeacon, DrawRecord } from './draw/record';
export { presaleSetupSchema } from './schemas';

// Public entry of the content feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { requiredStatus } from './access';
export type { AudienceParams } from './components/routes/params';
export { decodeCursor, encodeCursor } from './cursor';
export type { ItemUpdate } from './server/write';
export type { ImageView, ItemDetail, VideoView, ViewerLevel } from './types';

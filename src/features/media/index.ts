// Public entry of the media feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { MediaRejectedError } from './server/errors';
export { isUuid, type MediaRow } from './server/variants';
export type { ImageView, VideoView } from './views';

// Public entry of the content feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { type Audience, AUDIENCE_HEADER, AUDIENCE_ROUTE, audienceOf, isAudience } from './audience';
export type { AudienceParams } from './components/routes/params';
export { decodeCursor, encodeCursor } from './cursor';
export type { ItemUpdate } from './server/write';
export { ITEM_JSON_MAX_BYTES, itemSchemaFor, newItemSchema } from './staff/schemas';
export { pickSection, staffSections } from './staff/sections';
export { toFormValues } from './staff/server/form-values';
export type { ImageView, ItemDetail, VideoView, ViewerLevel } from './types';
export { tenureBenefitSchema } from './staff/tenure/schemas';

// Public entry of the resale feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { LISTING_LABELS, WAIT_LABELS, type MyResale } from './types';
export { resaleSettingsSchema, type ResaleSettings } from './schemas';

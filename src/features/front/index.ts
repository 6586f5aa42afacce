// Public entry of the front feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { type Audience, AUDIENCE_HEADER, AUDIENCE_ROUTE, isAudience } from './audience';

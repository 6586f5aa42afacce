// Public entry of the live feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { ARCHIVE_DAYS_MAX, type LiveSource, type StaffLiveStream } from './types';

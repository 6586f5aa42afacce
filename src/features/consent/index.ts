// Public entry of the consent feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export type { VersionsView } from './components/document-links';
export { CONSENT_MISSING_MESSAGE } from './schemas';
export { isLegalKind, legalDocumentSchema } from './staff/schema';
export { agreesToCurrent, describeConsent, describeVersion, formatConsentTime } from './versions';

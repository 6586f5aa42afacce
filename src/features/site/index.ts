// Public entry of the site feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { normalizeHost } from './host';
export { describeIssues, type LegalDocument, type SiteFile, siteFileSchema } from './import-schema';
export {
  LEGAL_DOCUMENT_KINDS,
  LEGAL_LINK_LABELS,
  type LegalDocumentKind,
  TABULAR_LEGAL_DOCUMENTS,
} from './legal';
export { findSection } from './navigation';
export {
  type PasswordPolicy,
  passwordPolicySchema,
  SIGN_UP_STEPS,
  type SignUpStep,
  type SiteConfig,
  siteConfigSchema,
  type UserStatus,
} from './schema';
export { requiredStatus } from './required-status';
export { SECTION_IDS, type SectionId } from './sections';
export type { Site } from './server/repository';
export type { HostParams } from './server/site';

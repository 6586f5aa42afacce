// Public entry of the consent feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { ConsentFields } from './components/consent-fields';
export { agreementOf, type VersionsView } from './components/document-links';
export { LegalEditPage } from './staff/components/legal-edit-page';

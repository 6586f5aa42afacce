// Public entry of the auth feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export {
  type ConsentAgreement,
  consentSchema,
  type SignUpConsent,
  signUpConsentSchema,
} from './consent-agreement';
export { type AccountValues, accountSchema, describePasswordPolicy } from './schemas';
export type { IdentityProvider } from './server/identity';
export type { Viewer } from './server/resolve-viewer';
export type { SignUpConsentSteps } from './server/session-api';
export { IDENTITY_TIMEOUT_MS } from './timeouts';

// Public entry of the auth feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export type { IdentityProvider } from './server/identity';
export type { Viewer } from './server/resolve-viewer';
export { IDENTITY_TIMEOUT_MS } from './timeouts';

/** What the browser's Firebase client needs for one site (spec 7). All of it is public by design. */
export interface AuthClientConfig {
  apiKey: string;
  /** {server_cell}.{host} */
  authDomain: string;
  projectId: string;
  tenantId: string;
  /** http://host:port of the Auth emulator, or null for the real provider. */
  emulatorUrl: string | null;
}

/** Spec 9: the cookie another service may set to sign the visitor in on first load. */
export const CUSTOM_TOKEN_COOKIE = 'custom_token';

/** The product's own API for the server session (app/[host]/api/session). */
export const SESSION_API = '/api/session';

/** A proof-of-work challenge for the first session of a new account (app/[host]/api/signup/challenge). */
export const SIGN_UP_CHALLENGE_API = '/api/signup/challenge';

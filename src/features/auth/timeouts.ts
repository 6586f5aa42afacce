/**
 * How long anything waits for the identity provider, in one place (docs/decisions/0017). Without these bounds a
 * frozen provider held page loads and sign-ins for as long as it was frozen (firebase-admin's own bound is 25 s per
 * attempt, with retries; the browser SDK's is 30 s).
 */
export const IDENTITY_TIMEOUT_MS = {
  /** Server: the periodic re-check of a session. It runs beside the page (decision 0022); the grace covers a failure. */
  recheck: 5_000,
  /** Server: verifying an ID token at sign-in (a revocation check included). */
  signIn: 5_000,
  /** Server: other admin calls (sign-out's revocation, staff lookups). */
  admin: 5_000,
  /** Browser: one Firebase SDK call of a form (sign-in, sign-up, reset), over a possibly slow mobile network. */
  browser: 10_000,
  /** Browser: POST /api/session. Longer than the server's own bound, so that its Japanese answer gets through. */
  sessionApi: 15_000,
} as const;

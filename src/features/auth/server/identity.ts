import 'server-only';
import { AppError } from '@/lib/errors';
import { tenantAuth } from '@/server/firebase-admin';

/**
 * The identity provider as the server sees it. An interface so that the session rules can be read (and tested)
 * apart from Firebase; the one implementation below is the real provider or its emulator. Callers bound every call
 * with askProvider (ask-provider.ts).
 */
export interface VerifiedToken {
  uid: string;
  email: string | null;
  /** When the user signed in to the provider; a later revocation ends sessions made from it. */
  authTime: Date;
}

export interface AccountState {
  disabled: boolean;
  /** Tokens issued before this instant were revoked. */
  validAfter: Date | null;
  email: string | null;
  /** The address was confirmed through the provider's verification mail (never taken from the browser). */
  emailVerified?: boolean;
}

export interface IdentityProvider {
  /**
   * Names a provider that is the same across Next.js bundles, each of which has its own copy of this module: its
   * session re-checks then share one gate per process (recheck-gate.ts). Fakes leave it out.
   */
  readonly id?: string;
  /** The token's user, if the token is genuine, unexpired, unrevoked, of this tenant and its user enabled. */
  verifyIdToken(tenantId: string, idToken: string): Promise<VerifiedToken | null>;
  /** The account as the provider holds it now; null when it no longer exists. */
  getAccount(tenantId: string, uid: string): Promise<AccountState | null>;
  /** Ends the user's refresh tokens, so every device's client SDK signs out at its next refresh. */
  revokeSessions(tenantId: string, uid: string): Promise<void>;
}

/** Clocks of the provider and of this server may disagree by this much. */
const CLOCK_SKEW_SECONDS = 300;

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/** The provider could not be reached or failed: a 503 for the caller, never a 500. */
function unavailable(error: unknown): AppError {
  return new AppError('AUTH_UNAVAILABLE', undefined, { cause: error });
}

export const firebaseIdentity: IdentityProvider = {
  id: 'firebase',
  async verifyIdToken(tenantId, idToken) {
    try {
      // checkRevoked: also asks the provider whether the user was disabled or signed out everywhere.
      const decoded = await tenantAuth(tenantId).verifyIdToken(idToken, true);
      if (decoded.firebase.tenant !== tenantId) return null;
      // firebase-admin checks expiry but not these; a genuine token never fails them.
      const latest = Date.now() / 1000 + CLOCK_SKEW_SECONDS;
      if (decoded.iat > latest || decoded.auth_time > latest || decoded.auth_time > decoded.iat) return null;
      return { uid: decoded.uid, email: decoded.email ?? null, authTime: new Date(decoded.auth_time * 1000) };
    } catch (error) {
      const code = errorCode(error);
      // Every verdict on the token itself (forged, expired, revoked, disabled, other tenant...) is a refusal.
      if (code.startsWith('auth/') && code !== 'auth/internal-error') return null;
      throw unavailable(error);
    }
  },

  async getAccount(tenantId, uid) {
    try {
      const user = await tenantAuth(tenantId).getUser(uid);
      if (user.tenantId !== tenantId) return null;
      return {
        disabled: user.disabled,
        validAfter: user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime) : null,
        email: user.email ?? null,
        emailVerified: user.emailVerified,
      };
    } catch (error) {
      if (errorCode(error) === 'auth/user-not-found') return null;
      throw unavailable(error);
    }
  },

  async revokeSessions(tenantId, uid) {
    try {
      await tenantAuth(tenantId).revokeRefreshTokens(uid);
    } catch (error) {
      if (errorCode(error) !== 'auth/user-not-found') throw unavailable(error);
    }
  },
};

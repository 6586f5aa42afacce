import type { User } from 'firebase/auth';
import { ERROR_CATALOGUE } from '@/lib/errors';
import { isTimeoutError, withTimeout } from '@/lib/timeout';
import { clearOfflineCopies } from '@/lib/offline-copy';
import { SESSION_API } from '@/features/auth/config';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';
import type { SignUpConsent } from '@/features/auth/consent-agreement';

export interface SessionOptions {
  forceRefresh?: boolean;
  /** A solved sign-up challenge (docs/decisions/0024). */
  proof?: string;
  /** The account step's agreement to the terms (decision 0027). */
  consent?: SignUpConsent;
}

/** Talks to app/[host]/api/session: the server's own session, opened from a provider ID token. */

export class SessionError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SessionError';
  }
}

async function errorOf(response: Response): Promise<SessionError> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return new SessionError(response.status, body?.error?.message ?? 'ログインできませんでした。');
}

/** The server's own 503 when the provider is out of reach, for the same wait ended on this side. */
const unavailable = () => new SessionError(503, ERROR_CATALOGUE.AUTH_UNAVAILABLE.message);

function postSession(idToken: string, proof: string | undefined, consent?: SignUpConsent): Promise<Response> {
  return fetch(SESSION_API, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken, proof, consent }),
    cache: 'no-store',
    signal: AbortSignal.timeout(IDENTITY_TIMEOUT_MS.sessionApi),
  });
}

/**
 * Whether the server wants a (new) proof of work: it does not know the account yet and none came (428), or the one
 * sent was refused (it expired while the form stayed open, say).
 */
async function asksForProof(response: Response, sentProof: boolean): Promise<boolean> {
  if (response.status === ERROR_CATALOGUE.HUMAN_CHECK_REQUIRED.status) return true;
  if (!sentProof || response.status !== ERROR_CATALOGUE.HUMAN_CHECK_FAILED.status) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code === 'HUMAN_CHECK_FAILED';
}

/**
 * A fresh server session for this user; the previous one of this browser is ended. The first session of an account
 * the site does not know yet needs a solved challenge (docs/decisions/0024): the account step brings one solved
 * while the person typed (`proof`); otherwise one is solved here when the server asks, and the request made again.
 */
export async function startServerSession(
  user: User,
  { forceRefresh = false, proof, consent }: SessionOptions = {},
): Promise<void> {
  // A new session may be another person's: the last one's offline copy of My page goes first (decision 0054).
  await clearOfflineCopies();
  let response: Response;
  try {
    // A token near its expiry is refreshed by the provider first: bounded like every other provider call.
    const idToken = await withTimeout(
      user.getIdToken(forceRefresh),
      IDENTITY_TIMEOUT_MS.browser,
      'getIdToken',
    );
    response = await postSession(idToken, proof, consent);
    if (await asksForProof(response, proof !== undefined)) {
      const { solveSignUpChallenge, ProofOfWorkError } = await import('@/features/auth/client/proof-of-work');
      try {
        response = await postSession(idToken, (await solveSignUpChallenge()).proof, consent);
      } catch (error) {
        if (error instanceof ProofOfWorkError) throw new SessionError(response.status, error.message);
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof SessionError) throw error;
    const timedOut =
      isTimeoutError(error) || (error instanceof DOMException && error.name === 'TimeoutError');
    if (timedOut) throw unavailable();
    throw error;
  }
  if (!response.ok) throw await errorOf(response);
}

/** On page load with a remembered user: opens a server session only if the browser has none for this user. */
export async function ensureServerSession(user: User): Promise<void> {
  const response = await fetch(SESSION_API, { cache: 'no-store' });
  if (response.ok) {
    const body = (await response.json()) as { uid?: string };
    if (body.uid === user.uid) return;
  }
  await startServerSession(user);
}

export type AccountStatus = 'active' | 'disabled' | 'deleted' | 'unknown';

/**
 * Sign-out on the server: every session of this user on this site ends. A missing session is fine. Answers whether
 * the provider still has the account enabled.
 */
export async function endServerSession(): Promise<AccountStatus> {
  // Cleared before the request: signed out, even offline, nothing of the member stays on the device (decision 0054).
  await clearOfflineCopies();
  try {
    // keepalive: the sign-out completes even if the member leaves the page meanwhile.
    const response = await fetch(SESSION_API, { method: 'DELETE', cache: 'no-store', keepalive: true });
    if (!response.ok) return 'unknown';
    return ((await response.json()) as { account?: AccountStatus }).account ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Whether this browser was signed in to the site, kept beside the provider's own storage. If the provider then
 * reports no user without our sign-out having run, it dropped the user itself (disabled, deleted, expired).
 */
const hintKey = (tenantId: string) => `fc:signed-in:${tenantId}`;

export const signInHint = {
  set(tenantId: string, uid: string) {
    try {
      localStorage.setItem(hintKey(tenantId), uid);
    } catch {
      // Storage unavailable (private mode quota): the hint is a convenience only.
    }
  },
  clear(tenantId: string) {
    try {
      localStorage.removeItem(hintKey(tenantId));
    } catch {
      // See above.
    }
  },
  get(tenantId: string): string | null {
    try {
      return localStorage.getItem(hintKey(tenantId));
    } catch {
      return null;
    }
  },
};

import 'server-only';
import type { NextRequest } from 'next/server';
import { isSameOrigin } from '@/server/http/origin';
import { requestAddress } from '@/server/http/client-address';
import { consumeRateLimit, countEvent, isUsedUp } from '@/server/rate-limit/limiter';
import { spendProof } from '@/server/proof-of-work/challenges';
import { jsonError, jsonOk, readJson } from '@/server/http/responses';
import type { Site } from '@/features/site';
import { sessionRequestSchema } from '@/features/auth/schemas';
import { SESSION_COOKIE, clearSessionCookie, setSessionCookie } from '@/features/auth/server/cookie';
import {
  createSession,
  deleteExpiredUserSessions,
  deleteSession,
  deleteUserSessions,
} from '@/features/auth/server/sessions';
import { resolveViewer, type ViewerDeps } from '@/features/auth/server/resolve-viewer';
import { askProvider } from '@/features/auth/server/ask-provider';
import { isKnownAccount } from '@/features/auth/server/known-account';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';
import type { Db } from '@/server/db/client';
import type { SignUpConsent } from '@/features/auth/consent-agreement';

/**
 * The server session API of app/[host]/api/session. Handlers take the site and their dependencies, so that the
 * integration tests call exactly what the route calls.
 */
export type SessionHandler = (request: NextRequest, site: Site, deps: SessionDeps) => Promise<Response>;

/**
 * What a sign-up's agreement to the terms needs (decision 0027): the consent feature gives it (consentAtSignUp), and
 * the route passes it here, since consent sits above auth (decision 0042).
 */
export interface SignUpConsentSteps {
  /** Whether the agreement names the site's current versions. */
  isCurrent(db: Db, site: Site, agreement: SignUpConsent): Promise<boolean>;
  /** Writes the agreement on the member row (made here if need be); refuses an outdated one. */
  record(
    db: Db,
    site: Site,
    account: { uid: string; email: string | null },
    agreement: SignUpConsent,
  ): Promise<unknown>;
}

/** A sign-up that sends an agreement needs `consent`; sign-in and sign-out do not. */
export type SessionDeps = ViewerDeps & { consent?: SignUpConsentSteps };

/** The consent steps, or an error: an agreement must never be accepted unchecked because a caller forgot them. */
function consentSteps(deps: SessionDeps): SignUpConsentSteps {
  if (!deps.consent)
    throw new Error('A sign-up with an agreement needs the consent steps (SessionDeps.consent).');
  return deps.consent;
}

/**
 * A refusal leaves the browser's cookie alone: the cookie opens nothing anyway, and clearing it could undo a sign-in
 * that answered meanwhile (a check still in flight would erase the new session's cookie).
 */
function refused(code: 'UNAUTHENTICATED' | 'SIGN_IN_FAILED') {
  return jsonError(code);
}

/** Spends a solved challenge; without one 428 asks the browser to solve one, a wrong or used one is refused (403). */
async function spendProofOrRefuse(deps: { db: ViewerDeps['db'] }, proof: string | undefined, siteId: string) {
  const outcome = await spendProof(deps.db, proof, siteId);
  if (outcome === 'missing') return jsonError('HUMAN_CHECK_REQUIRED');
  if (outcome !== 'verified') return jsonError('HUMAN_CHECK_FAILED');
  return null;
}

/** GET: who the session belongs to, so that the browser can tell whether it matches its signed-in user. */
export const readSession: SessionHandler = async (request, site, deps) => {
  const viewer = await resolveViewer(deps, site, request.cookies.get(SESSION_COOKIE)?.value);
  if (!viewer) return refused('UNAUTHENTICATED');
  return jsonOk({ uid: viewer.uid, email: viewer.email });
};

/**
 * POST { idToken, proof?, consent? }: sign-in. The token must be genuine, unexpired, unrevoked and of this site's tenant; an
 * account the site does not know yet must also bring a solved sign-up challenge (docs/decisions/0024). Then a new
 * session replaces the one the browser had (a fresh id at every sign-in).
 */
export const createSessionFromToken: SessionHandler = async (request, site, deps) => {
  if (!isSameOrigin(request)) return jsonError('CROSS_SITE');
  const address = requestAddress(request);
  // Before the provider is asked: a flood of tokens costs one row's update each, not a verification each.
  await consumeRateLimit(deps.db, 'session:address', address);
  const body = sessionRequestSchema.safeParse(await readJson(request));
  if (!body.success) {
    await countEvent(deps.db, 'session-failure:address', address);
    return refused('SIGN_IN_FAILED');
  }
  // An address that sent too many refused tokens: each sign-in from it first spends a solved challenge, before the
  // provider is asked (a person behind the same carrier address solves one; a script pays for every try).
  let proofSpent = false;
  if (await isUsedUp(deps.db, 'session-failure:address', address)) {
    const refusal = await spendProofOrRefuse(deps, body.data.proof, site.id);
    if (refusal) return refusal;
    proofSpent = true;
  }
  // Out of reach or too slow: AUTH_UNAVAILABLE, a 503 with Retry-After that the form shows as "try again".
  const verified = await askProvider(
    () => deps.identity.verifyIdToken(site.config.TENANT_ID, body.data.idToken),
    IDENTITY_TIMEOUT_MS.signIn,
    'verifyIdToken',
  );
  if (!verified) {
    await countEvent(deps.db, 'session-failure:address', address);
    return refused('SIGN_IN_FAILED');
  }
  await consumeRateLimit(deps.db, 'session:account', `${site.id}:${verified.uid}`);
  // A sign-up (the account step sends `consent`) without the box ticked, or agreeing to terms that are no longer
  // current, is refused before the proof is spent and before anything is written (decision 0027).
  const consent = body.data.consent;
  if (consent && !consent.agreed) return jsonError('CONSENT_REQUIRED');
  if (consent && !(await consentSteps(deps).isCurrent(deps.db, site, consent))) {
    return jsonError('CONSENT_OUTDATED');
  }
  // Nothing is written for a new account before its proof of work is checked and spent: each account a script
  // makes costs it one solved challenge. 428 asks the browser to solve one; 403 refuses a wrong or used one.
  if (!proofSpent && !(await isKnownAccount(deps.db, site.id, verified.uid))) {
    const refusal = await spendProofOrRefuse(deps, body.data.proof, site.id);
    if (refusal) return refusal;
  }

  // The agreement is the member row's first fact: written before the session, so no sign-up session lacks it.
  if (consent) await consentSteps(deps).record(deps.db, site, verified, consent);
  const previous = request.cookies.get(SESSION_COOKIE)?.value;
  if (previous) await deleteSession(deps.db, site.id, previous);
  await deleteExpiredUserSessions(deps.db, site.id, verified.uid);
  const { token, expiresAt } = await createSession(deps.db, { siteId: site.id, ...verified });
  const response = jsonOk({ uid: verified.uid, email: verified.email });
  setSessionCookie(response, token, expiresAt);
  return response;
};

/**
 * DELETE: sign-out. Ends every session of the user on this site and the provider's refresh tokens. The answer says
 * whether the account itself can still be used, so that a browser whose provider dropped the user on its own can
 * tell the member why (spec 8).
 */
export const endSessions: SessionHandler = async (request, site, deps) => {
  if (!isSameOrigin(request)) return jsonError('CROSS_SITE');
  const viewer = await resolveViewer(deps, site, request.cookies.get(SESSION_COOKIE)?.value);
  if (!viewer) {
    // Signing out of nothing: say so, and drop the dead cookie as the browser asked.
    const response = refused('UNAUTHENTICATED');
    clearSessionCookie(response);
    return response;
  }
  await deleteUserSessions(deps.db, site.id, viewer.uid);
  const tenantId = site.config.TENANT_ID;
  const bounded = <T>(call: () => Promise<T>, label: string) =>
    askProvider(call, IDENTITY_TIMEOUT_MS.admin, label);
  // Our sessions are gone whatever the provider says: an outage must not make sign-out fail or hang.
  const [account, revoked] = await Promise.allSettled([
    bounded(() => deps.identity.getAccount(tenantId, viewer.uid), 'getAccount'),
    bounded(() => deps.identity.revokeSessions(tenantId, viewer.uid), 'revokeSessions'),
  ]);
  if (revoked.status === 'rejected') {
    console.warn("Sign-out could not revoke the user's refresh tokens.", revoked.reason);
  }
  const accountStatus =
    account.status === 'rejected'
      ? 'unknown'
      : !account.value
        ? 'deleted'
        : account.value.disabled
          ? 'disabled'
          : 'active';
  const response = jsonOk({ signedOut: true, account: accountStatus });
  clearSessionCookie(response);
  return response;
};

import 'server-only';
import type { Db } from '@/server/db/client';
import type { Site } from '@/features/site';
import type { AccountState, IdentityProvider } from '@/features/auth/server/identity';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';
import { askProvider } from '@/features/auth/server/ask-provider';
import { recheckGateFor } from '@/features/auth/server/recheck-gate';
import {
  deleteUserSessions,
  findSession,
  markSessionVerified,
  type SessionRecord,
} from '@/features/auth/server/sessions';

/** Who is asking: a signed-in user of this site, known by our own session. */
export interface Viewer {
  uid: string;
  email: string | null;
  siteId: string;
  /** The session's stored hash, for ending this one session. */
  sessionHash: string;
  /**
   * Whether the provider says the address is confirmed; known only when the provider was asked for this request
   * (a fresh viewer: memberPost's `fresh`), undefined otherwise.
   */
  emailVerified?: boolean;
}

/**
 * How often a session asks the provider whether its account was disabled or revoked. With 4 minutes, a disabled
 * user loses server access at their next request after at most 4 minutes (the issue allows 5).
 */
export const REVERIFY_AFTER_MS = 4 * 60 * 1000;
/**
 * If the provider cannot be asked (out of reach, not answering within IDENTITY_TIMEOUT_MS.recheck, or backed off),
 * a session stays usable this long after its last successful check, then is refused (not deleted). 15 minutes ride
 * out a restart or a network blip for every member without signing anyone out, and still bound how long an account
 * disabled in the provider's console during an outage keeps access (docs/decisions/0017).
 */
export const MAX_UNVERIFIED_MS = 15 * 60 * 1000;

/**
 * At most this many checks run beside a page at once, per process: a crowd of sessions falling due together (a
 * presale opening) is checked a few at a time, each at a later request of its own, and reading stays cheap.
 */
export const MAX_BACKGROUND_RECHECKS = 8;

export interface ViewerDeps {
  db: Db;
  identity: IdentityProvider;
}

/** What settling a session needs of it. */
export type CheckedSession = Pick<SessionRecord, 'idHash' | 'siteId' | 'uid' | 'email' | 'authTime'>;

function toViewer(session: CheckedSession): Viewer {
  return { uid: session.uid, email: session.email, siteId: session.siteId, sessionHash: session.idHash };
}

export interface ResolveOptions {
  /**
   * Wait for the provider's answer when the session is due for its check (a change that costs money or moves a
   * ticket, or anything staff do). Reading a page does not: it is answered from the database while the check runs
   * beside it, and a session the provider refuses is ended for the requests after (docs/decisions/0017).
   */
  wait?: boolean;
}

/**
 * The viewer a session token opens on this site, or null. One indexed read per call; every few minutes one more
 * call to the provider, which ends all the user's sessions if the account was disabled, deleted or revoked. That
 * call is bounded and shared by the session's concurrent requests; while the provider fails it is not asked again
 * for a while (recheck-gate.ts), and the session is judged by its grace period.
 */
export async function resolveViewer(
  deps: ViewerDeps,
  site: Site,
  token: string | undefined,
  now = new Date(),
  options: ResolveOptions = {},
): Promise<Viewer | null> {
  if (!token) return null;
  return viewerOfSession(deps, site, await findSession(deps.db, site.id, token, now), now, options);
}

/**
 * resolveViewer's judgement of a session already read (membership reads it joined with its member: one round trip
 * for the presale's peaks, issue 40): its periodic check with the provider, and its grace while the provider fails.
 */
export async function viewerOfSession(
  deps: ViewerDeps,
  site: Site,
  session: SessionRecord | null,
  now = new Date(),
  options: ResolveOptions = {},
): Promise<Viewer | null> {
  if (!session || session.siteId !== site.id || session.expiresAt <= now) return null;
  const sinceCheck = now.getTime() - session.verifiedAt.getTime();
  if (sinceCheck < REVERIFY_AFTER_MS) return toViewer(session);

  // The provider is out of reach: tolerate a bounded outage, never an unbounded one.
  const graceVerdict = sinceCheck < MAX_UNVERIFIED_MS ? toViewer(session) : null;
  const gate = recheckGateFor(deps.identity);
  if (!gate.running(session.idHash) && !gate.mayAsk(now.getTime())) return graceVerdict;
  // Reading while many others are being checked: this session is checked at a later request.
  if (options.wait === false && !gate.running(session.idHash) && gate.asking >= MAX_BACKGROUND_RECHECKS)
    return toViewer(session);
  const check = recheck(deps, site, session, now);
  if (options.wait === false) {
    // Reading does not wait; but when the provider has failed lately, only within the grace period.
    void check.catch(() => {});
    return gate.mayAsk(now.getTime()) ? toViewer(session) : graceVerdict;
  }
  return check.catch(() => graceVerdict);
}

/** Asks the provider about the session once (shared by its concurrent requests) and settles it by the answer. */
async function recheck(
  deps: ViewerDeps,
  site: Site,
  session: CheckedSession,
  now: Date,
): Promise<Viewer | null> {
  let account: AccountState | null;
  try {
    account = await recheckGateFor(deps.identity).run(session.idHash, now.getTime(), () =>
      askProvider(
        () => deps.identity.getAccount(site.config.TENANT_ID, session.uid),
        IDENTITY_TIMEOUT_MS.recheck,
        'getAccount',
      ),
    );
  } catch (error) {
    console.warn('Session re-check failed; the session is judged by its grace period.', error);
    throw error;
  }
  return settleSession(deps.db, site, session, account, now);
}

/**
 * The front server's check of a session due for it (decision 0012): the page is answered from the cache, and this
 * runs beside it. Nothing waits for it; a refused session is ended for the next request.
 */
export function recheckInBackground(deps: ViewerDeps, site: Site, session: CheckedSession): void {
  const now = new Date();
  const gate = recheckGateFor(deps.identity);
  if (gate.running(session.idHash) || !gate.mayAsk(now.getTime())) return;
  if (gate.asking >= MAX_BACKGROUND_RECHECKS) return;
  recheck(deps, site, session, now).catch(() => {});
}

/**
 * What the provider's answer about a session's account means: the viewer (the session marked checked), or null
 * once every session of the user on the site is ended (the account is gone, disabled, or revoked since sign-in).
 */
export async function settleSession(
  db: Db,
  site: Site,
  session: CheckedSession,
  account: AccountState | null,
  now: Date,
): Promise<Viewer | null> {
  const revoked = account?.validAfter != null && account.validAfter > session.authTime;
  if (!account || account.disabled || revoked) {
    await deleteUserSessions(db, site.id, session.uid);
    return null;
  }
  await markSessionVerified(db, session.idHash, account.email, now);
  return { ...toViewer({ ...session, email: account.email }), emailVerified: account.emailVerified === true };
}

import 'server-only';
import type { Db } from '@/server/db/client';
import type { Site } from '@/features/site/server/repository';
import type { IdentityProvider } from '@/features/auth/server/identity';
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
}

/**
 * How often a session asks the provider whether its account was disabled or revoked. With 4 minutes, a disabled
 * user loses server access at their next request after at most 4 minutes (the issue allows 5).
 */
export const REVERIFY_AFTER_MS = 4 * 60 * 1000;
/** If the provider cannot be asked, a session stays usable this long after its last check, then is refused. */
export const MAX_UNVERIFIED_MS = 5 * 60 * 1000;

export interface ViewerDeps {
  db: Db;
  identity: IdentityProvider;
}

function toViewer(session: SessionRecord): Viewer {
  return { uid: session.uid, email: session.email, siteId: session.siteId, sessionHash: session.idHash };
}

/**
 * The viewer a session token opens on this site, or null. One indexed read per call; every few minutes one more
 * call to the provider, which ends all the user's sessions if the account was disabled, deleted or revoked.
 */
export async function resolveViewer(
  deps: ViewerDeps,
  site: Site,
  token: string | undefined,
  now = new Date(),
): Promise<Viewer | null> {
  if (!token) return null;
  const session = await findSession(deps.db, site.id, token, now);
  if (!session) return null;
  const sinceCheck = now.getTime() - session.verifiedAt.getTime();
  if (sinceCheck < REVERIFY_AFTER_MS) return toViewer(session);

  let account;
  try {
    account = await deps.identity.getAccount(site.config.TENANT_ID, session.uid);
  } catch {
    // The provider is unreachable: tolerate a short outage, never an unbounded one.
    return sinceCheck < MAX_UNVERIFIED_MS ? toViewer(session) : null;
  }
  const revoked = account?.validAfter != null && account.validAfter > session.authTime;
  if (!account || account.disabled || revoked) {
    await deleteUserSessions(deps.db, site.id, session.uid);
    return null;
  }
  await markSessionVerified(deps.db, session.idHash, account.email, now);
  return toViewer({ ...session, email: account.email });
}

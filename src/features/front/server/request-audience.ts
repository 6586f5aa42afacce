import 'server-only';
import type { Db } from '@/server/db/client';
import type { Site } from '@/features/site';
import { dbHealth, type DbHealth } from '@/server/db/health';
import type { IdentityProvider } from '@/features/auth';
import { REVERIFY_AFTER_MS, recheckInBackground } from '@/features/auth/server';
import { findViewerAccess, type ViewerAccess } from '@/features/membership/server';
import { audienceOf, type Audience } from '@/features/content';

export interface AudienceLookup {
  db: Db;
  sandboxClock: boolean;
  /** Asks the identity provider about a session due for its periodic check, beside the answer. */
  recheck: (site: Site, access: ViewerAccess) => void;
  /** What the process knows of the database's health (default: the process's one record). */
  health?: DbHealth;
}

/** The identity check of a session found due, run beside the answer (decision 0022). */
export function checkBeside(db: Db, identity: IdentityProvider): AudienceLookup['recheck'] {
  return (site, access) =>
    recheckInBackground({ db, identity }, site, {
      idHash: access.sessionHash,
      siteId: access.siteId,
      uid: access.uid,
      email: access.email,
      authTime: access.authTime,
    });
}

/**
 * The audience of a request for a content page, decided the same way by the front server (its cache key) and by
 * proxy.ts (the route it renders): one query for the session and its premium access at the site's billing time. A
 * session due for its identity check is answered now and checked beside it. When the session cannot be looked up
 * (its table locked, a timeout), the visitor's page is still an answer; anything else is thrown.
 */
export async function requestAudience(
  deps: AudienceLookup,
  site: Site,
  token: string | null,
  item: boolean,
): Promise<Audience> {
  if (!token) return 'visitor';
  const access = await findViewerAccess(deps.db, site.id, token, { sandboxClock: deps.sandboxClock }).catch(
    (error: unknown) => {
      if ((deps.health ?? dbHealth()).report(error)) return null;
      throw error;
    },
  );
  if (access && Date.now() - access.verifiedAt.getTime() >= REVERIFY_AFTER_MS) deps.recheck(site, access);
  return audienceOf(access?.level ?? null, item);
}

import 'server-only';
import { AppError, isAppError } from '@/lib/errors';
import type { Site } from '@/features/site';
import type { AccountState } from '@/features/auth/server/identity';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';
import { askProvider } from '@/features/auth/server/ask-provider';
import { findSession } from '@/features/auth/server/sessions';
import { settleSession, type Viewer, type ViewerDeps } from '@/features/auth/server/resolve-viewer';

export type FreshVerdict = { viewer: Viewer } | { refused: 'UNAUTHENTICATED' | 'ACCOUNT_DISABLED' };

/**
 * The viewer, checked with the identity provider now rather than within the last few minutes: for what costs money
 * or moves a ticket, so that an account disabled a moment ago changes nothing (and its sessions end here). Reading
 * stays cheap (resolveViewer); this costs one bounded provider call per such request. Unlike the periodic re-check
 * there is no grace: a provider out of reach is AUTH_UNAVAILABLE (503, try again), never a payment on trust.
 */
export async function resolveFreshViewer(
  deps: ViewerDeps,
  site: Site,
  token: string | undefined,
  now = new Date(),
): Promise<FreshVerdict> {
  const session = token ? await findSession(deps.db, site.id, token, now) : null;
  if (!session) return { refused: 'UNAUTHENTICATED' };
  let account: AccountState | null;
  try {
    account = await askProvider(
      () => deps.identity.getAccount(site.config.TENANT_ID, session.uid),
      IDENTITY_TIMEOUT_MS.recheck,
      'getAccount',
    );
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError('AUTH_UNAVAILABLE', undefined, { cause: error });
  }
  const viewer = await settleSession(deps.db, site, session, account, now);
  if (viewer) return { viewer };
  return { refused: account?.disabled ? 'ACCOUNT_DISABLED' : 'UNAUTHENTICATED' };
}

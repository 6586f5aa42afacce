import 'server-only';
import { AppError, isAppError } from '@/lib/errors';
import { tenantAuth } from '@/server/firebase-admin';
import type { Site } from '@/features/site';
import type { AccountLookup } from '@/features/staff/team/server/team';
import { askProvider } from '@/features/auth/server';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth';

/** Looks accounts up in this site's tenant only: an account of another site is "not found" here. */
export function tenantAccountLookup(site: Site): AccountLookup {
  return async (email) => {
    try {
      const user = await askProvider(
        () => tenantAuth(site.config.TENANT_ID).getUserByEmail(email),
        IDENTITY_TIMEOUT_MS.admin,
        'getUserByEmail',
      );
      if (!user.email || user.disabled) return null;
      return { uid: user.uid, email: user.email, displayName: user.displayName ?? null };
    } catch (error) {
      if (isAppError(error)) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'auth/user-not-found' || code === 'auth/invalid-email') return null;
      throw new AppError('AUTH_UNAVAILABLE', undefined, { cause: error });
    }
  };
}

import 'server-only';
import { AppError } from '@/lib/errors';
import { tenantAuth } from '@/server/firebase-admin';
import type { Site } from '@/features/site/server/repository';
import type { AccountLookup } from '@/features/staff/team/server/team';

/** Looks accounts up in this site's tenant only: an account of another site is "not found" here. */
export function tenantAccountLookup(site: Site): AccountLookup {
  return async (email) => {
    try {
      const user = await tenantAuth(site.config.TENANT_ID).getUserByEmail(email);
      if (!user.email || user.disabled) return null;
      return { uid: user.uid, email: user.email, displayName: user.displayName ?? null };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'auth/user-not-found' || code === 'auth/invalid-email') return null;
      throw new AppError('UNAVAILABLE', undefined, { cause: error });
    }
  };
}

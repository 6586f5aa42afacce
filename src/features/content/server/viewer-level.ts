import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { env } from '@/server/env';
import { getDb } from '@/server/db';
import { choosePaymentProvider } from '@/server/payments/choice';
import { getSite } from '@/features/site/app';
import { getReader } from '@/features/auth/app';
import { SESSION_COOKIE, REVERIFY_AFTER_MS } from '@/features/auth/server';
import { findViewerAccess } from '@/features/membership/server';
import type { ViewerLevel } from '@/features/content/types';

/**
 * What this request's viewer may see on the route's site: a visitor (no session on this site), a guest member, or
 * a premium member. Status is derived on every request (features/membership/status.ts), at the payment provider's
 * time so that the sandbox's test clock ends access the same way the real clock does. One round trip: the session,
 * its member and the member's access in one query; every few minutes the session is also checked with the identity
 * provider beside the page (getReader), as for any other page.
 */
export const getViewerLevel = cache(async (hostParam: string): Promise<ViewerLevel> => {
  const site = await getSite(hostParam);
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!site || !token) return 'visitor';
  const access = await findViewerAccess(await getDb(), site.id, token, {
    sandboxClock: choosePaymentProvider(env) === 'sandbox',
  });
  if (!access) return 'visitor';
  if (Date.now() - access.verifiedAt.getTime() >= REVERIFY_AFTER_MS && !(await getReader(hostParam))) {
    return 'visitor';
  }
  return access.level;
});

import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { env } from '@/server/env';
import { getDb } from '@/server/db';
import { choosePaymentProvider } from '@/server/payments/choice';
import type { Site } from '@/features/site';
import { getReader } from '@/features/auth/app';
import { SESSION_COOKIE, REVERIFY_AFTER_MS } from '@/features/auth/server';
import { findViewerAccess } from '@/features/membership/server';
import type { LiveViewer } from '@/features/live/server/source';

/**
 * This request's viewer on the site, as the item's page judges it (content's getViewerLevel, decision 0042 keeps
 * live below content): a visitor, a guest member or a premium member, at the payment provider's time, with the
 * periodic check at the identity provider. With the uid, which the signed URLs carry as a tag.
 */
export const getLiveViewer = cache(async (site: Site, hostParam: string): Promise<LiveViewer> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return { level: 'visitor', uid: null };
  const access = await findViewerAccess(await getDb(), site.id, token, {
    sandboxClock: choosePaymentProvider(env) === 'sandbox',
  });
  if (!access) return { level: 'visitor', uid: null };
  if (Date.now() - access.verifiedAt.getTime() >= REVERIFY_AFTER_MS && !(await getReader(hostParam))) {
    return { level: 'visitor', uid: null };
  }
  return { level: access.level, uid: access.uid };
});

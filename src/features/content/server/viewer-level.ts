import 'server-only';
import { cache } from 'react';
import { getDb } from '@/server/db';
import { getSite } from '@/features/site/server/site';
import { getViewer } from '@/features/auth/server/viewer';
import { findMember, memberStatus } from '@/features/membership/server/members';
import { getPaymentProvider } from '@/features/billing/server/provider';
import type { ViewerLevel } from '@/features/content/types';

/**
 * What this request's viewer may see on the route's site: a visitor (no session on this site), a guest member, or
 * a premium member. Status is derived on every request (features/membership/status.ts), at the payment provider's
 * time so that the sandbox's test clock ends a membership the same way the real clock does.
 */
export const getViewerLevel = cache(async (hostParam: string): Promise<ViewerLevel> => {
  const [site, viewer] = await Promise.all([getSite(hostParam), getViewer(hostParam)]);
  if (!site || !viewer) return 'visitor';
  const db = await getDb();
  const member = await findMember(db, site.id, viewer.uid);
  if (!member) return 'guest';
  const now = await (await getPaymentProvider()).now(site.id);
  return (await memberStatus(db, member.id, now)) === 'premium' ? 'premium' : 'guest';
});

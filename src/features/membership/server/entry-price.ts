import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { plans } from '@/server/db/schema';
import { cheapestPlan, type EntryPrice } from '@/features/membership/entry-price';

/**
 * The least a fan pays to join this site, from the plans it offers now. The same for everyone, so it may be part of
 * a shared locked rendering; staff's plan changes renew the site's pages (app/[host]/api/staff/plans).
 */
export async function entryPrice(db: Db, siteId: string): Promise<EntryPrice | null> {
  const offered = await db
    .select({ interval: plans.interval, priceYen: plans.priceYen })
    .from(plans)
    .where(and(eq(plans.siteId, siteId), eq(plans.active, true)));
  return cheapestPlan(offered);
}

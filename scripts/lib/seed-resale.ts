import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { presalePerformances, presales, resaleWaits, tickets } from '@/server/db/schema';
import type { Site } from '@/features/site';
import { findMember } from '@/features/membership/server';
import { joinWait } from '@/features/resale/server';
import type { DemoUser } from './seed-auth';

const DAY = 86_400_000;

/**
 * The demo's 公式リセール (issue 41): the drawn presale whose tickets the premium member holds offers resale until two
 * days before its first show, a ¥220 fee per ticket kept from the seller's refund, one ticket at a time, matched
 * daily at 12:00 (and by 今すぐマッチング in the staff console). On mio the resale member already waits for one
 * ticket of the premium member's seat type, so the whole exchange can be walked in a few minutes. Idempotent.
 */
export async function seedDemoResale(
  db: Db,
  sites: Site[],
  users: Record<string, DemoUser[]>,
): Promise<void> {
  for (const site of sites) {
    const premiumUser = users[site.slug]?.find((user) => user.role === 'premium');
    const premium = premiumUser && (await findMember(db, site.id, premiumUser.uid));
    if (!premium) continue;
    const [held] = await db
      .select({ presaleId: tickets.presaleId, offeringId: tickets.offeringId })
      .from(tickets)
      .innerJoin(presales, eq(presales.id, tickets.presaleId))
      .where(and(eq(tickets.holderMemberId, premium.id), isNotNull(presales.recordFile)))
      .orderBy(asc(tickets.issuedAt))
      .limit(1);
    if (!held) continue;
    const [first] = await db
      .select({ startsAt: presalePerformances.startsAt })
      .from(presalePerformances)
      .where(eq(presalePerformances.presaleId, held.presaleId))
      .orderBy(asc(presalePerformances.startsAt))
      .limit(1);
    const [presale] = await db.select().from(presales).where(eq(presales.id, held.presaleId));
    if (!presale || !first) continue;
    if (!presale.resaleUntil) {
      await db
        .update(presales)
        .set({
          resaleUntil: new Date(first.startsAt.getTime() - 2 * DAY),
          resaleFeeYen: 220,
          resalePairRule: 'single',
          resaleMatchTimes: '12:00',
        })
        .where(eq(presales.id, presale.id));
    }
    if (site.slug !== 'mio') continue;
    const resaleUser = users[site.slug]?.find((user) => user.role === 'resale');
    const waiting = resaleUser && (await findMember(db, site.id, resaleUser.uid));
    if (!waiting) continue;
    const [already] = await db
      .select({ id: resaleWaits.id })
      .from(resaleWaits)
      .where(eq(resaleWaits.memberId, waiting.id))
      .limit(1);
    if (already) continue;
    await joinWait(db, waiting, { offeringId: held.offeringId, tickets: 1, paymentMethod: 'card' });
  }
}

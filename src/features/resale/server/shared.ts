import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  contentItems,
  presaleOfferings,
  presalePerformances,
  presales,
  resaleListings,
  resaleMatches,
  resaleWaits,
} from '@/server/db/schema';

export type Presale = typeof presales.$inferSelect;

const DAY = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
});

/** "12月13日(日) 東京ガーデンシアター 指定席": the seat a notice or a row names. */
export async function seatOf(tx: Db, offeringId: string): Promise<{ title: string; seat: string }> {
  const [row] = await tx
    .select({
      title: contentItems.title,
      startsAt: presalePerformances.startsAt,
      venue: presalePerformances.venue,
      seatType: presaleOfferings.seatType,
    })
    .from(presaleOfferings)
    .innerJoin(presalePerformances, eq(presalePerformances.id, presaleOfferings.performanceId))
    .innerJoin(presales, eq(presales.id, presaleOfferings.presaleId))
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .where(eq(presaleOfferings.id, offeringId));
  if (!row) return { title: 'ファンクラブ先行', seat: '' };
  return { title: row.title, seat: `${DAY.format(row.startsAt)} ${row.venue} ${row.seatType}` };
}

/** What the seller gets back for one ticket: face value less the club's fee (never below zero). */
export const refundOf = (faceValueYen: number, feeYen: number) => Math.max(0, faceValueYen - feeYen);

/** The club's fee as it applies to a ticket of this face value (at most the face value). */
export const feeFor = (presale: Pick<Presale, 'resaleFeeYen'>, faceValueYen: number) =>
  Math.min(presale.resaleFeeYen, faceValueYen);

/**
 * Ends an unpaid match (`lapsed`), in the caller's transaction, unless a payment of it is open or paid: its listings
 * go back to `listing` ('listed' for the next round, 'withdrawn' when the event is cancelled) and its wait to `wait`.
 * Answers the ended match, or null when it was paid meanwhile or already ended (a second run changes nothing).
 */
export async function endUnpaidMatch(
  tx: Db,
  matchId: string,
  now: Date,
  to: { listing: 'listed' | 'withdrawn'; wait: 'lapsed' | 'cancelled' },
) {
  const [ended] = await tx
    .update(resaleMatches)
    .set({ status: 'lapsed', updatedAt: now })
    .where(
      and(
        eq(resaleMatches.id, matchId),
        eq(resaleMatches.status, 'due'),
        sql`not exists (select 1 from one_off_payments p where p.resale_match_id = ${matchId}
          and p.status in ('issuing', 'pending', 'paid'))`,
      ),
    )
    .returning();
  if (!ended) return null;
  await tx
    .update(resaleListings)
    .set({ status: to.listing, matchId: null, updatedAt: now })
    .where(and(eq(resaleListings.matchId, ended.id), eq(resaleListings.status, 'matched')));
  await tx
    .update(resaleWaits)
    .set({ status: to.wait, updatedAt: now })
    .where(eq(resaleWaits.id, ended.waitId));
  return ended;
}

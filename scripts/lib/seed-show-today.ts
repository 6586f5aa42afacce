import { addHours, addMinutes } from 'date-fns';
import { jstDay } from '@/lib/dates';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { presalePerformances, presales, tickets } from '@/server/db/schema';
import type { Site } from '@/features/site';
import { findMember } from '@/features/membership/server';
import type { DemoUser } from './seed-auth';

/**
 * A show today for the second site's premium member (SEED_SHOW_TODAY=true: the offline ticket's browser test,
 * e2e/offline-ticket.spec.ts, and a demo of it): the performance of their e-tickets is moved to today, doors open an
 * hour ago and the show starting within 90 minutes (so it is today in Japan whatever the hour), so that its door window (decision
 * 0054) holds the next hour, and its seats are shown. Run at each start, after the presales and the resale are seeded; mio's show
 * stays two weeks away. Started just before midnight in Japan, the day has changed by the time a test runs.
 */
export async function seedShowToday(
  db: Db,
  sites: Site[],
  users: Record<string, DemoUser[]>,
  now = new Date(),
): Promise<void> {
  const site = sites.find((candidate) => candidate.slug === 'second');
  const premium = site && users[site.slug]?.find((user) => user.role === 'premium');
  const member = premium && (await findMember(db, site.id, premium.uid));
  if (!site || !member) return;
  const held = await db
    .selectDistinct({ performanceId: tickets.performanceId, presaleId: presalePerformances.presaleId })
    .from(tickets)
    .innerJoin(presalePerformances, eq(presalePerformances.id, tickets.performanceId))
    .where(and(eq(tickets.siteId, site.id), eq(tickets.holderMemberId, member.id)));
  if (held.length === 0) return;
  // The show starts in 90 minutes (or at the day's last minute in Japan, whichever is sooner): its door window is
  // open for the whole run, its date is today, and it has not started, so its tickets can still be listed for
  // resale (e2e/resale.spec.ts lists one; the resale deadline was set from the original date, seed-resale.ts).
  const lastMinute = new Date(`${jstDay(now)}T23:59:00+09:00`);
  const startsAt = new Date(Math.min(addMinutes(now, 90).getTime(), lastMinute.getTime()));
  await db
    .update(presalePerformances)
    .set({ startsAt, doorsAt: addHours(now, -1) })
    .where(
      inArray(
        presalePerformances.id,
        held.map((row) => row.performanceId),
      ),
    );
  await db
    .update(presales)
    .set({ seatsRevealAt: addHours(now, -1) })
    .where(
      inArray(
        presales.id,
        held.map((row) => row.presaleId),
      ),
    );
}

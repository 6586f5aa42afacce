import { addHours } from 'date-fns';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { presalePerformances, presales, tickets } from '@/server/db/schema';
import type { Site } from '@/features/site';
import { findMember } from '@/features/membership/server';
import type { DemoUser } from './seed-auth';

/**
 * A show today for the second site's premium member (SEED_SHOW_TODAY=true: the offline ticket's browser test,
 * e2e/offline-ticket.spec.ts, and a demo of it): the performance of their e-tickets is moved to now, doors open an
 * hour ago and the show starting now (so it is today in Japan whatever the hour), so that its door window (decision
 * 0054) holds the next hour, and its seats are shown. Run at each start, after the presales are seeded; mio's show
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
  await db
    .update(presalePerformances)
    .set({ startsAt: now, doorsAt: addHours(now, -1) })
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

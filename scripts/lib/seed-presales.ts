import { addDays, addHours, startOfHour } from 'date-fns';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentItems, members, presaleApplications, presaleOfferings, presales } from '@/server/db/schema';
import type { Site } from '@/features/site';
import { findMember } from '@/features/membership/server';
import { presaleSetupSchema } from '@/features/presale';
import { applyToPresale, drawPresale, freezePresale, savePresale } from '@/features/presale/server';
import { issuePresaleTickets } from '@/features/tickets/server';
import type { DemoUser } from './seed-auth';

const JST = (date: Date) => new Date(date.getTime() + 9 * 3_600_000).toISOString().slice(0, 16);

/** Where each of a site's four TICKET items stands, relative to the first start: one presale in every state. */
const WINDOWS = [
  { state: 'upcoming', opens: 3, closes: 10, results: 12, applies: false, shows: 30 },
  { state: 'open', opens: -2, closes: 5, results: 7, applies: false, shows: 37 },
  { state: 'closed', opens: -10, closes: -1, results: 1, applies: true, shows: 44 },
  // Drawn, paid and issued: the premium member holds e-tickets for a show in two weeks (issue 24).
  { state: 'drawn', opens: -20, closes: -12, results: -10, applies: true, shows: 14 },
] as const;

/**
 * The demo's presales (issue 23), on each site's TICKET items, newest first: 受付前, 受付中 (the premium member has
 * not applied), 受付終了 and 抽選済 (the premium member applied; its record published). Set up once per item, with
 * the site's owner as the staff who made it, through the same functions staff and fans use.
 */
export async function seedDemoPresales(
  db: Db,
  sites: Site[],
  users: Record<string, DemoUser[]>,
): Promise<void> {
  const now = startOfHour(new Date());
  for (const site of sites) {
    const owner = users[site.slug]?.find((user) => user.role === 'owner');
    const premiumUser = users[site.slug]?.find((user) => user.role === 'premium');
    if (!owner || !premiumUser) continue;
    // A long-standing member, so that every demo presale's cutoff (入会締切) lets them take part.
    await db
      .update(members)
      .set({ joinedAt: sql`LEAST(${members.joinedAt}, ${addDays(now, -60).toISOString()}::timestamptz)` })
      .where(and(eq(members.siteId, site.id), eq(members.uid, premiumUser.uid)));
    const actor = {
      siteId: site.id,
      uid: owner.uid,
      email: owner.email,
      displayName: owner.displayName,
      role: 'owner' as const,
    };
    const items = await db
      .select({ id: contentItems.id, title: contentItems.title })
      .from(contentItems)
      .where(and(eq(contentItems.siteId, site.id), eq(contentItems.section, 'ticket')))
      .orderBy(desc(contentItems.publishedAt))
      .limit(WINDOWS.length);
    for (const [index, item] of items.entries()) {
      const [existing] = await db
        .select({ id: presales.id, resultsAt: presales.resultsAt })
        .from(presales)
        .where(eq(presales.itemId, item.id));
      if (existing) {
        // A demo set up before e-tickets existed gets its paid win and tickets too (nothing twice).
        const member = await findMember(db, site.id, premiumUser.uid);
        if (WINDOWS[index]?.state === 'drawn' && member) {
          await issueDemoTickets(db, existing.id, member.id, existing.resultsAt);
        }
        continue;
      }
      const window = WINDOWS[index]!;
      const opensAt = addDays(now, window.opens);
      const closesAt = addDays(now, window.closes);
      const setup = presaleSetupSchema.parse({
        performances: [0, 1].map((day) => ({
          startsAt: `${JST(addDays(now, window.shows + day)).slice(0, 10)}T18:00`,
          doorsAt: `${JST(addDays(now, window.shows + day)).slice(0, 10)}T17:00`,
          venue: day === 0 ? 'Zepp Haneda（東京）' : 'Zepp Osaka Bayside（大阪）',
          offerings: [
            { seatType: '指定席', capacity: 1200, priceYen: 8800 },
            { seatType: '立見', capacity: 300, priceYen: 7700 },
          ],
        })),
        ticketsPerApplication: 2,
        choiceCount: 3,
        opensAt: JST(opensAt),
        closesAt: JST(closesAt),
        resultsAt: JST(addDays(now, window.results)),
        joinedBefore: JST(addDays(opensAt, -1)),
        companionRule: 'none',
        konbiniDeadlineDays: 3,
      });
      const presale = await savePresale(db, actor, item.id, setup, addDays(opensAt, -1));
      if (!window.applies) continue;
      const member = await findMember(db, site.id, premiumUser.uid);
      const offerings = await db
        .select({ id: presaleOfferings.id })
        .from(presaleOfferings)
        .where(eq(presaleOfferings.presaleId, presale.id))
        .limit(2);
      if (!member?.joinedAt || member.joinedAt >= presale.joinedBefore) continue;
      await applyToPresale(
        db,
        site.id,
        member,
        presale.id,
        {
          choices: offerings.map((offering) => offering.id),
          tickets: 2,
          companions: [],
        },
        addHours(opensAt, 1),
      );
      const afterClose = addHours(closesAt, 1);
      await freezePresale(db, presale.id, afterClose);
      await drawPresale(db, presale.id, afterClose);
      if (window.state === 'drawn')
        await issueDemoTickets(db, presale.id, member.id, addDays(now, window.results));
    }
  }
}

/**
 * The premium member's win of the drawn presale, paid (set here as the payment would: status `paid` with paid_at),
 * with its 発券日 a day after the results and its seats shown since an hour ago, and the e-tickets issued.
 */
async function issueDemoTickets(db: Db, presaleId: string, memberId: string, resultsAt: Date): Promise<void> {
  const paid = await db
    .update(presaleApplications)
    .set({ status: 'paid', paidAt: addHours(resultsAt, 2) })
    .where(
      and(
        eq(presaleApplications.presaleId, presaleId),
        eq(presaleApplications.memberId, memberId),
        eq(presaleApplications.status, 'won'),
      ),
    )
    .returning({ id: presaleApplications.id });
  if (paid.length === 0) return;
  const now = new Date();
  await db
    .update(presales)
    .set({ ticketsIssueAt: addDays(resultsAt, 1), seatsRevealAt: addHours(now, -1) })
    .where(eq(presales.id, presaleId));
  await issuePresaleTickets(db, presaleId, now);
}

import { addDays, addHours, startOfHour } from 'date-fns';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  contentItems,
  members,
  oneOffPayments,
  presaleApplications,
  presaleOfferings,
  presaleParticipants,
  presalePerformances,
  presales,
} from '@/server/db/schema';
import type { TicketSchedule } from '@/server/db/content-schema';
import type { Site } from '@/features/site';
import { findMember } from '@/features/membership/server';
import { presaleSetupSchema } from '@/features/presale';
import {
  applyToPresale,
  drawPresale,
  freezePresale,
  runPresaleJobs,
  savePresale,
} from '@/features/presale/server';
import { handleBillingEvent, markKonbiniPaid } from '@/features/billing/server';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { issuePresaleTickets } from '@/features/tickets/server';
import type { DemoUser } from './seed-auth';
import {
  capacityFor,
  DRAWN_OFFERINGS,
  insertDrawEntries,
  membersNeeded,
  planDrawEntries,
  seedSyntheticMembers,
  SPARE_OFFERING,
  type PlannedEntry,
} from './seed-draw-entries';
import { toJstLocalInput } from '@/lib/dates';
import { seedAuthenticatingFan, seedDemoDispute } from './seed-payment-cases';
import { seedDemoSecondChance } from './seed-second-chance';

const JST = (date: Date) => toJstLocalInput(date);

/** Where each of a site's four TICKET items stands, relative to the first start: one presale in every state. */
const WINDOWS = [
  { state: 'upcoming', opens: 3, closes: 10, results: 12, applies: false, shows: 30 },
  { state: 'open', opens: -2, closes: 5, results: 7, applies: false, shows: 37 },
  { state: 'closed', opens: -10, closes: -1, results: 1, applies: true, shows: 44 },
  // Drawn among thousands (issue 37), paid and issued: the premium member holds e-tickets for the item's weekday
  // extra show in two weeks, its soonest (issue 24).
  { state: 'drawn', opens: -20, closes: -12, results: -10, applies: true, shows: 14 },
] as const;

/**
 * The demo's presales (issue 23), on each site's TICKET items, newest first: 受付前, 受付中 (the premium member has
 * not applied), 受付終了 and 抽選済 (the premium member applied; its record published, the win announced: on mio
 * paid by the card on file, on the second site at the konbini, each with its receipt and its e-tickets issued). Set
 * up once per item, with the site's owner as the staff who made it, through the same functions staff, fans and the
 * presale job use; the drawn one's crowd of synthetic entrants is written in bulk before its close
 * (seed-draw-entries.ts), and it is frozen and drawn like any other.
 */
export async function seedDemoPresales(
  db: Db,
  sites: Site[],
  users: Record<string, DemoUser[]>,
): Promise<void> {
  const now = startOfHour(new Date());
  const drawn: { site: Site; presaleId: string; resultsAt: Date }[] = [];
  const sandbox: SandboxProvider = createSandboxProvider(db, async (event) => {
    await handleBillingEvent(db, sandbox, event);
  });
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
      .select({ id: contentItems.id, title: contentItems.title, ticket: contentItems.ticket })
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
        if (WINDOWS[index]?.state === 'drawn')
          drawn.push({ site, presaleId: existing.id, resultsAt: existing.resultsAt });
        continue;
      }
      const window = WINDOWS[index]!;
      const opensAt = addDays(now, window.opens);
      const closesAt = addDays(now, window.closes);
      // The drawn presale is drawn among a crowd of synthetic members (issue 37), its companions members too.
      const crowd = window.state === 'drawn' ? planDrawEntries(site.slug) : null;
      const setup = presaleSetupSchema.parse({
        performances: performancesOf(item.ticket, now, window.shows, crowd),
        ticketsPerApplication: 2,
        choiceCount: 3,
        opensAt: JST(opensAt),
        closesAt: JST(closesAt),
        resultsAt: JST(addDays(now, window.results)),
        joinedBefore: JST(addDays(opensAt, -1)),
        companionRule: crowd ? 'member' : 'none',
        konbiniDeadlineDays: 3,
        // mio's presales offer accessibility requests in the application (decision 0053); the second site's do not.
        accessibilityRequests: site.slug === 'mio',
      });
      const presale = await savePresale(db, actor, item.id, setup, addDays(opensAt, -1));
      if (!window.applies) continue;
      const member = await findMember(db, site.id, premiumUser.uid);
      if (!member?.joinedAt || member.joinedAt >= presale.joinedBefore) continue;
      const offerings = await offeringsOf(db, presale.id);
      let companions: number[] = [];
      if (crowd) {
        const count = membersNeeded(crowd);
        const lapsedAt = new Date(opensAt.getTime() + (closesAt.getTime() - opensAt.getTime()) * 0.75);
        const lapsed = crowd.filter((entry) => entry.lapses).map((entry) => entry.n);
        const first = await seedSyntheticMembers(db, site.id, count, crowd.length, lapsed, lapsedAt);
        await insertDrawEntries(db, site.id, presale.id, offerings, crowd, { opensAt, closesAt });
        // The demo member's companion: the last synthetic member, named by nobody else.
        companions = [first + count - 1];
      }
      await applyToPresale(
        db,
        site.id,
        member,
        presale.id,
        {
          // The drawn presale: the weekday show's 指定席 first, which has room for all who ask (DRAWN_OFFERINGS),
          // so the member's 第1希望 wins in the real draw whatever its shuffle; then a weekend show's 指定席.
          choices: crowd ? [offerings[SPARE_OFFERING]!, offerings[2]!] : offerings.slice(0, 2),
          tickets: 2,
          companions,
          // mio's premium member pays by the card on file (the drawn presale's win shows paid, with its receipt); the
          // second site's at the konbini (the win shows its voucher, awaiting payment).
          paymentMethod: site.slug === 'mio' ? 'card' : 'konbini',
          // mio's premium member asks for a wheelchair space: staff with members:contact see it on the paid list and
          // at the door (decision 0053).
          ...(site.slug === 'mio'
            ? {
                access: { need: 'wheelchair' as const, note: '電動車椅子を使用します。介助者が同行します。' },
              }
            : {}),
        },
        addHours(opensAt, 1),
      );
      // The companion accepted on their My page before the close (as companions.ts records it).
      if (companions.length) await acceptInvitations(db, presale.id, site.id, companions);
      const authenticating = users[site.slug]?.find((user) => user.role === 'authenticating');
      if (crowd && authenticating) {
        const spare = offerings[SPARE_OFFERING]!;
        await seedAuthenticatingFan(
          db,
          sandbox,
          site,
          authenticating,
          presale.id,
          spare,
          addHours(opensAt, 2),
        );
      }
      const afterClose = addHours(closesAt, 1);
      await freezePresale(db, presale.id, afterClose);
      await drawPresale(db, presale.id, afterClose);
      if (window.state === 'drawn') drawn.push({ site, presaleId: presale.id, resultsAt: presale.resultsAt });
    }
  }
  // The results time of the drawn presale has passed: announced, and the win charged on the saved card (sandbox)
  // or given its konbini voucher, which the demo member of the second site has paid at the till since; mio's
  // authenticating fan's charge waits for 3-D Secure.
  await runPresaleJobs(db, sandbox);
  for (const { site, presaleId, resultsAt } of drawn) {
    const premiumUser = users[site.slug]?.find((user) => user.role === 'premium');
    const member = premiumUser && (await findMember(db, site.id, premiumUser.uid));
    if (!member) continue;
    const vouchers = await db
      .select({ id: oneOffPayments.id })
      .from(oneOffPayments)
      .innerJoin(presaleApplications, eq(presaleApplications.id, oneOffPayments.presaleApplicationId))
      .where(
        and(
          eq(presaleApplications.presaleId, presaleId),
          eq(oneOffPayments.memberId, member.id),
          eq(oneOffPayments.status, 'pending'),
        ),
      );
    for (const voucher of vouchers) await markKonbiniPaid(db, sandbox, member, voucher.id);
    await runPresaleJobs(db, sandbox);
    // mio's seats are shown already; the second site's only three days before the show, as clubs often do.
    await issueDemoTickets(db, presaleId, resultsAt, site.slug === 'mio' ? 'shown' : 'later');
    const owner = users[site.slug]?.find((user) => user.role === 'owner');
    if (site.slug === 'mio' && owner) {
      await seedDemoSecondChance(
        db,
        site,
        presaleId,
        await offeringsOf(db, presaleId),
        users[site.slug] ?? [],
        owner,
        new Date(),
      );
    }
  }
  for (const site of sites.filter((candidate) => candidate.slug === 'mio')) {
    await seedDemoDispute(db, sandbox, site, users[site.slug] ?? []);
  }
}

/**
 * A presale's performances: the item's own (its 公演日程, so that the page and the presale agree), or two made up
 * for an item without any. Two seat types each; the drawn presale's are DRAWN_OFFERINGS, their capacities far
 * below the crowd's demand but for the one that holds everyone who lists it.
 */
function performancesOf(
  ticket: TicketSchedule | null,
  now: Date,
  shows: number,
  crowd: PlannedEntry[] | null,
) {
  const shown = ticket?.performances.length
    ? ticket.performances.map((show) => ({
        startsAt: JST(new Date(show.startsAt)),
        doorsAt: show.doorsAt ? JST(new Date(show.doorsAt)) : null,
        venue: show.venue,
      }))
    : [0, 1].map((day) => ({
        startsAt: `${JST(addDays(now, shows + day)).slice(0, 10)}T18:00`,
        doorsAt: `${JST(addDays(now, shows + day)).slice(0, 10)}T17:00`,
        venue: day === 0 ? 'Zepp Haneda（東京）' : 'Zepp Osaka Bayside（大阪）',
      }));
  const needed = crowd ? new Set(DRAWN_OFFERINGS.map((offering) => offering.performance)).size : shown.length;
  if (shown.length !== needed) {
    throw new Error(
      `the drawn demo presale's item needs ${needed} performances in demo/content (it has ${shown.length})`,
    );
  }
  return shown.map((show, performance) => ({
    ...show,
    offerings: crowd
      ? DRAWN_OFFERINGS.flatMap((offering, index) =>
          offering.performance === performance
            ? [
                {
                  seatType: offering.seatType,
                  capacity: offering.capacity ?? capacityFor(crowd, index),
                  priceYen: offering.priceYen,
                },
              ]
            : [],
        )
      : [
          { seatType: '指定席', capacity: 1200, priceYen: 8800 },
          { seatType: '立見', capacity: 300, priceYen: 7700 },
        ],
  }));
}

/** A presale's offering ids in setup order (performance by performance, seat types as listed). */
async function offeringsOf(db: Db, presaleId: string): Promise<string[]> {
  const rows = await db
    .select({
      id: presaleOfferings.id,
      seatType: presaleOfferings.seatType,
      order: presalePerformances.sortOrder,
    })
    .from(presaleOfferings)
    .innerJoin(presalePerformances, eq(presalePerformances.id, presaleOfferings.performanceId))
    .where(eq(presaleOfferings.presaleId, presaleId));
  const rank = (seatType: string) => (seatType === '指定席' ? 0 : 1);
  return rows.sort((a, b) => a.order - b.order || rank(a.seatType) - rank(b.seatType)).map((row) => row.id);
}

async function acceptInvitations(
  db: Db,
  presaleId: string,
  siteId: string,
  numbers: number[],
): Promise<void> {
  await db
    .update(presaleParticipants)
    .set({ companionStatus: 'accepted' })
    .where(
      and(
        eq(presaleParticipants.presaleId, presaleId),
        eq(presaleParticipants.role, 'companion'),
        inArray(
          presaleParticipants.memberId,
          db
            .select({ id: members.id })
            .from(members)
            .where(and(eq(members.siteId, siteId), inArray(members.memberNumber, numbers))),
        ),
      ),
    );
}

/**
 * The drawn presale's e-tickets: its 発券日 a day after the results, its seats shown since an hour ago (or from three
 * days before the first show), and every paid win's tickets issued (once: the issue is idempotent).
 */
async function issueDemoTickets(
  db: Db,
  presaleId: string,
  resultsAt: Date,
  seats: 'shown' | 'later',
): Promise<void> {
  const now = new Date();
  const [first] = await db
    .select({ startsAt: presalePerformances.startsAt })
    .from(presalePerformances)
    .where(eq(presalePerformances.presaleId, presaleId))
    .orderBy(asc(presalePerformances.startsAt))
    .limit(1);
  const seatsRevealAt = seats === 'shown' || !first ? addHours(now, -1) : addDays(first.startsAt, -3);
  await db
    .update(presales)
    .set({ ticketsIssueAt: addDays(resultsAt, 1), seatsRevealAt })
    .where(and(eq(presales.id, presaleId), isNull(presales.ticketsIssueAt)));
  await issuePresaleTickets(db, presaleId, now);
}

import 'server-only';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  contentItems,
  presaleApplications,
  presaleOfferings,
  presalePerformances,
  presales,
} from '@/server/db/schema';
import { AppError } from '@/lib/errors';
import { presaleState, type PresaleState } from '@/features/presale/state';
import type { PresaleSetupInput } from '@/features/presale/schemas';
import { presaleColumns, type Presale } from './setup';
import { addJstDays, jstDay, toJstLocalInput } from '@/lib/dates';

/** "2026-12-01T10:00": an instant as `<input type="datetime-local">` shows it, in Japan time. */
export const jstInput = (date: Date) => toJstLocalInput(date);

export interface StaffPresaleRow {
  itemId: string;
  title: string;
  presaleId: string | null;
  state: PresaleState | null;
  opensAt: Date | null;
  closesAt: Date | null;
  applications: number;
  /** 公式リセール is on (a listing deadline is set; docs/decisions/0049). */
  resale: boolean;
}

/** Every TICKET item of the site with its presale, if any: the console's list (newest item first). */
export async function staffPresaleList(db: Db, siteId: string, now = new Date()): Promise<StaffPresaleRow[]> {
  const rows = await db
    .select({ itemId: contentItems.id, title: contentItems.title, presale: presaleColumns })
    .from(contentItems)
    .leftJoin(presales, eq(presales.itemId, contentItems.id))
    .where(and(eq(contentItems.siteId, siteId), eq(contentItems.section, 'ticket')))
    .orderBy(desc(contentItems.createdAt));
  const counts = await db
    .select({ presaleId: presaleApplications.presaleId, n: count() })
    .from(presaleApplications)
    .innerJoin(presales, eq(presales.id, presaleApplications.presaleId))
    .where(eq(presales.siteId, siteId))
    .groupBy(presaleApplications.presaleId);
  const applications = new Map(counts.map((row) => [row.presaleId, row.n]));
  return rows.map(({ itemId, title, presale }) => ({
    itemId,
    title,
    presaleId: presale?.id ?? null,
    state: presale ? presaleState(presale, now) : null,
    opensAt: presale?.opensAt ?? null,
    closesAt: presale?.closesAt ?? null,
    applications: presale ? (applications.get(presale.id) ?? 0) : 0,
    resale: Boolean(presale?.resaleUntil),
  }));
}

export interface StaffPresaleDetail {
  itemId: string;
  title: string;
  presale: {
    id: string;
    state: PresaleState;
    /** Rules may change only before the window opens. */
    editable: boolean;
    commitment: string;
    entryListHash: string | null;
    /** Fixed at setup: a drand round, or bytes the server draws itself (the demo's local beacon, the operator's). */
    beaconSource: 'drand' | 'local' | 'operator';
    beaconRound: number | null;
    closesAt: Date;
    resultsAt: Date;
    drawnAt: Date | null;
    /** E-tickets (issue 24): when they are issued, and when their seats show. */
    ticketsIssueAt: Date | null;
    seatsRevealAt: Date | null;
    applicationsByStatus: Record<string, number>;
  } | null;
  /** The form's values: the saved rules, or a sensible start for a new presale. */
  values: PresaleSetupInput;
}

async function setupValues(db: Db, presale: Presale): Promise<PresaleSetupInput> {
  const performances = await db
    .select()
    .from(presalePerformances)
    .where(eq(presalePerformances.presaleId, presale.id))
    .orderBy(asc(presalePerformances.sortOrder));
  const offerings = await db
    .select()
    .from(presaleOfferings)
    .where(eq(presaleOfferings.presaleId, presale.id))
    .orderBy(asc(presaleOfferings.priceYen), asc(presaleOfferings.seatType));
  return {
    performances: performances.map((performance) => ({
      startsAt: jstInput(performance.startsAt),
      doorsAt: performance.doorsAt ? jstInput(performance.doorsAt) : null,
      venue: performance.venue,
      offerings: offerings
        .filter((offering) => offering.performanceId === performance.id)
        .map(({ seatType, capacity, priceYen }) => ({ seatType, capacity, priceYen })),
    })),
    ticketsPerApplication: presale.ticketsPerApplication,
    choiceCount: presale.choiceCount,
    opensAt: jstInput(presale.opensAt),
    closesAt: jstInput(presale.closesAt),
    resultsAt: jstInput(presale.resultsAt),
    joinedBefore: jstInput(presale.joinedBefore),
    companionRule: presale.companionRule,
    konbiniDeadlineDays: presale.konbiniDeadlineDays,
    accessibilityRequests: presale.accessibilityRequests,
  };
}

/** A new presale's starting values: opens in a week for five days, results two days later (staff change them). */
function newValues(now: Date): PresaleSetupInput {
  const at = (days: number, hour: number) => {
    const day = jstDay(addJstDays(now, days));
    return `${day}T${String(hour).padStart(2, '0')}:00`;
  };
  return {
    performances: [
      {
        startsAt: at(60, 18),
        doorsAt: at(60, 17),
        venue: '',
        offerings: [{ seatType: '指定席', capacity: 1000, priceYen: 8800 }],
      },
    ],
    ticketsPerApplication: 2,
    choiceCount: 3,
    opensAt: at(7, 12),
    closesAt: at(12, 23),
    resultsAt: at(14, 15),
    joinedBefore: at(12, 23),
    companionRule: 'member',
    konbiniDeadlineDays: 3,
    accessibilityRequests: false,
  };
}

/** A TICKET item and its presale as staff see it: the rules (for the form), the state and the applications. */
export async function staffPresaleDetail(
  db: Db,
  siteId: string,
  itemId: string,
  now = new Date(),
): Promise<StaffPresaleDetail> {
  const [row] = await db
    .select({ title: contentItems.title, section: contentItems.section, presale: presaleColumns })
    .from(contentItems)
    .leftJoin(presales, eq(presales.itemId, contentItems.id))
    .where(and(eq(contentItems.id, itemId), eq(contentItems.siteId, siteId)))
    .limit(1);
  if (!row || row.section !== 'ticket') throw new AppError('NOT_FOUND');
  const presale = row.presale;
  if (!presale) return { itemId, title: row.title, presale: null, values: newValues(now) };
  const statuses = await db
    .select({ status: presaleApplications.status, n: count() })
    .from(presaleApplications)
    .where(eq(presaleApplications.presaleId, presale.id))
    .groupBy(presaleApplications.status);
  return {
    itemId,
    title: row.title,
    presale: {
      id: presale.id,
      state: presaleState(presale, now),
      editable: now < presale.opensAt,
      commitment: presale.commitment,
      entryListHash: presale.entryListHash,
      beaconSource: presale.beaconSource,
      beaconRound: presale.beaconRound,
      closesAt: presale.closesAt,
      resultsAt: presale.resultsAt,
      drawnAt: presale.drawnAt,
      ticketsIssueAt: presale.ticketsIssueAt,
      seatsRevealAt: presale.seatsRevealAt,
      applicationsByStatus: Object.fromEntries(statuses.map(({ status, n }) => [status, n])),
    },
    values: await setupValues(db, presale),
  };
}

import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  presaleApplications,
  presaleOfferings,
  presaleParticipants,
  presalePerformances,
  presales,
} from '@/server/db/schema';
import type { Member } from '@/features/membership';
import { viewerAndMember } from '@/features/membership/server';
import type { Site } from '@/features/site';
import {
  firebaseIdentity,
  hashSessionToken,
  isWellFormedSessionToken,
  viewerOfSession,
} from '@/features/auth/server';
import { presaleState, resultsOut as resultsAreOut } from '@/features/presale/state';
import type { MyApplicationView, PresalePerformanceView, PresaleView } from '@/features/presale/types';
import { eligibilityOf } from './eligibility';
import { choicesOfApplication, companionsOfApplication } from './result-parts';
import {
  mineFromRow,
  NOBODY,
  preparePresaleForMember,
  prepareSessionPresale,
  type LiveApplication,
  type PresaleForMember,
} from './result-view';

/**
 * Performances and seat types of presales whose window has opened: their rules can no longer change, so each
 * instance keeps them once (bounded) instead of asking twice per request at the opening and at the results.
 */
const FIXED_PERFORMANCES = new Map<string, PresalePerformanceView[]>();
const FIXED_LIMIT = 200;

async function performancesOf(db: Db, presaleId: string, fixed: boolean): Promise<PresalePerformanceView[]> {
  const kept = fixed ? FIXED_PERFORMANCES.get(presaleId) : undefined;
  if (kept) return kept;
  const read = await readPerformances(db, presaleId);
  if (fixed) {
    if (FIXED_PERFORMANCES.size >= FIXED_LIMIT)
      FIXED_PERFORMANCES.delete(FIXED_PERFORMANCES.keys().next().value!);
    FIXED_PERFORMANCES.set(presaleId, read);
  }
  return read;
}

async function readPerformances(db: Db, presaleId: string): Promise<PresalePerformanceView[]> {
  const performances = await db
    .select()
    .from(presalePerformances)
    .where(eq(presalePerformances.presaleId, presaleId))
    .orderBy(asc(presalePerformances.sortOrder));
  const offerings = await db
    .select()
    .from(presaleOfferings)
    .where(eq(presaleOfferings.presaleId, presaleId))
    .orderBy(asc(presaleOfferings.priceYen), asc(presaleOfferings.seatType));
  return performances.map((performance) => ({
    id: performance.id,
    startsAt: performance.startsAt.toISOString(),
    doorsAt: performance.doorsAt?.toISOString() ?? null,
    venue: performance.venue,
    offerings: offerings
      .filter((offering) => offering.performanceId === performance.id)
      .map(({ id, seatType, priceYen }) => ({ id, seatType, priceYen })),
  }));
}

/** The member's live application with its choices and companions: one round trip (result time is a peak). */
function prepareMyApplication(db: Db) {
  return db
    .select({
      receiptNo: presaleApplications.receiptNo,
      tickets: presaleApplications.tickets,
      status: presaleApplications.status,
      wonOfferingId: presaleApplications.wonOfferingId,
      wonRank: presaleApplications.wonRank,
      voidReason: presaleApplications.voidReason,
      paymentMethod: presaleApplications.paymentMethod,
      updatedAt: presaleApplications.updatedAt,
      accessNeed: presaleApplications.accessNeed,
      accessNote: presaleApplications.accessNote,
      choices: choicesOfApplication,
      companions: companionsOfApplication,
    })
    .from(presaleApplications)
    .where(
      and(
        eq(presaleApplications.presaleId, sql.placeholder('presaleId')),
        eq(presaleApplications.memberId, sql.placeholder('memberId')),
        isNull(presaleApplications.cancelledAt),
      ),
    )
    .limit(1)
    .prepare('my_presale_application');
}

/** The reads of every result opened: built once per database handle, not once per call. */
const prepared = new WeakMap<
  Db,
  {
    application: ReturnType<typeof prepareMyApplication>;
    presale: ReturnType<typeof preparePresaleForMember>;
    session: ReturnType<typeof prepareSessionPresale>;
  }
>();
function queriesOf(db: Db) {
  let queries = prepared.get(db);
  if (!queries) {
    queries = {
      application: prepareMyApplication(db),
      presale: preparePresaleForMember(db),
      session: prepareSessionPresale(db),
    };
    prepared.set(db, queries);
  }
  return queries;
}

/** The member's view of their live application; a draw made before the results time stays unseen until then. */
function liveView(application: LiveApplication, resultsOut: boolean): MyApplicationView {
  // As on every platform's 当落発表: drawn, but 'applied' to the member until the results time.
  const hidden = !resultsOut && application.status !== 'applied' && application.status !== 'refunded';
  return {
    receiptNo: application.receiptNo,
    tickets: application.tickets,
    status: hidden ? 'applied' : application.status,
    choices: application.choices,
    companions: application.companions.map((c) => ({ ...c, status: c.status ?? 'invited' })),
    wonOfferingId: hidden ? null : application.wonOfferingId,
    wonRank: hidden ? null : application.wonRank,
    voidReason: hidden ? null : application.voidReason,
    paymentMethod: application.paymentMethod,
    updatedAt: new Date(application.updatedAt).toISOString(),
    accessNeed: application.accessNeed ?? null,
    accessNote: application.accessNote ?? null,
  };
}

/** The result rebuilt from the live application, its choices and companions: before the announcement (and in tests). */
export async function myApplication(db: Db, presaleId: string, memberId: string, resultsOut: boolean) {
  const [application] = await queriesOf(db).application.execute({ presaleId, memberId });
  return application ? liveView(application, resultsOut) : null;
}

/**
 * Once the results are announced, an applicant's result is their row, read with the presale; no row then means no
 * result to show (every application the draw saw got one). Before, the live application read with it too.
 */
async function mineOf(db: Db, presale: PresaleForMember, memberId: string, resultsOut: boolean) {
  if (!resultsOut || !presale.resultsAnnouncedAt)
    return presale.live ? liveView(presale.live, resultsOut) : null;
  if (!presale.result) return null;
  return mineFromRow(presale) ?? myApplication(db, presale.id, memberId, resultsOut);
}

/** The presale of a TICKET item as this viewer sees it (per request: it holds the viewer's own application). */
export async function presaleForViewer(
  db: Db,
  siteId: string,
  itemId: string,
  member: Member | null,
  now = new Date(),
): Promise<PresaleView | null> {
  // The presale, the member's application or result, invitation and premium status: one round trip (issue 40).
  const [presale] = await queriesOf(db).presale.execute({
    itemId,
    siteId,
    memberId: member?.id ?? NOBODY,
    now: now.toISOString(),
  });
  return presale ? presaleViewOf(db, presale, member, now) : null;
}

/**
 * The presale of a TICKET item for the member of a session token, if the token opens a session on the site (auth's
 * rules, as viewerAndMember applies them): the session, its member and the panel in one round trip at the
 * result time (prepareSessionPresale). Null when the token opens no session; `view` null when the item has no
 * presale, which is asked with the session alone.
 */
export async function presaleForSession(
  db: Db,
  site: Site,
  itemId: string,
  token: string | undefined,
  now = new Date(),
): Promise<{ member: Member | null; view: PresaleView | null } | null> {
  if (!isWellFormedSessionToken(token)) return null;
  const [row] = await queriesOf(db).session.execute({
    itemId,
    siteId: site.id,
    idHash: hashSessionToken(token),
    now: now.toISOString(),
  });
  if (!row) {
    const found = await viewerAndMember(db, site, token, { wait: false }, now);
    return found && { member: found.member, view: null };
  }
  // A read: a session due for its identity check is checked beside it, never before it.
  const viewer = await viewerOfSession({ db, identity: firebaseIdentity }, site, row.session, now, {
    wait: false,
  });
  if (!viewer) return null;
  return { member: row.member, view: await presaleViewOf(db, row, row.member, now) };
}

/** The view of a presale read with one member's part (either statement of result-view.ts). */
async function presaleViewOf(
  db: Db,
  presale: PresaleForMember,
  member: Member | null,
  now: Date,
): Promise<PresaleView> {
  const state = presaleState(presale, now);
  const resultsOut = resultsAreOut(presale, now);
  const mine = member ? await mineOf(db, presale, member.id, resultsOut) : null;
  // One person is an applicant or a companion in a presale, never both: an applicant has no invitation to show.
  const invitation = member && !mine ? presale.invitation : null;
  let canApply: PresaleView['canApply'] = { ok: false, reason: null };
  if (state === 'cancelled') canApply = { ok: false, reason: 'この公演は中止となりました。' };
  else if (state === 'upcoming') canApply = { ok: false, reason: '受付開始前です。' };
  else if (state !== 'open') canApply = { ok: false, reason: '受付は終了しました。' };
  else if (!member) canApply = { ok: false, reason: 'ログインしてください。' };
  else if (mine) canApply = { ok: false, reason: 'お申し込み済みです。' };
  // An accepted invitation binds; an unanswered one does not: applying withdraws it (issue 37).
  else if (invitation?.status === 'accepted')
    canApply = { ok: false, reason: '同行者として参加しているため、お申し込みいただけません。' };
  else {
    // Read with the presale while the window is open (result-view.ts): the rule the application is checked by.
    const allowed = eligibilityOf(presale, member, presale.premium ? 'premium' : 'guest');
    canApply = allowed.ok ? { ok: true, reason: null } : { ok: false, reason: allowed.reason };
  }
  return {
    id: presale.id,
    state,
    opensAt: presale.opensAt.toISOString(),
    closesAt: presale.closesAt.toISOString(),
    resultsAt: presale.resultsAt.toISOString(),
    joinedBefore: presale.joinedBefore.toISOString(),
    ticketsPerApplication: presale.ticketsPerApplication,
    choiceCount: presale.choiceCount,
    companionRule: presale.companionRule,
    accessibilityRequests: presale.accessibilityRequests,
    commitment: presale.commitment,
    entryListHash: presale.entryListHash,
    beacon: presale.beacon ? { source: presale.beacon.source, round: presale.beacon.round } : null,
    beaconRound: presale.beaconRound,
    // The record is written with drawnAt, in one statement.
    recordPublished: resultsOut && presale.drawnAt !== null,
    performances: await performancesOf(db, presale.id, state !== 'upcoming'),
    canApply,
    mine,
    invitation,
  };
}

export type RecordFile =
  | { kind: 'missing' }
  | { kind: 'pending'; publishesAt: Date }
  | { kind: 'none' }
  | { kind: 'published'; file: string };

/**
 * The published draw record's file (its exact bytes), from the results time on; before it the seed is still secret,
 * and the answer says when it will be out. A cancelled event never drawn has none.
 */
export async function publishedRecordFile(
  db: Db,
  siteId: string,
  presaleId: string,
  now = new Date(),
): Promise<RecordFile> {
  const [presale] = await db
    .select({
      file: presales.recordFile,
      resultsAt: presales.resultsAt,
      drawnAt: presales.drawnAt,
      cancelledAt: presales.cancelledAt,
    })
    .from(presales)
    .where(and(eq(presales.id, presaleId), eq(presales.siteId, siteId)))
    .limit(1);
  if (!presale) return { kind: 'missing' };
  if (presale.file && presale.drawnAt && now >= presale.resultsAt)
    return { kind: 'published', file: presale.file };
  if (presale.cancelledAt && !presale.drawnAt) return { kind: 'none' };
  return { kind: 'pending', publishesAt: presale.resultsAt };
}

/** Ids of the presales a member applied to or accompanies, for My page's チケット area. */
export async function presaleItemsOf(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ itemId: presales.itemId })
    .from(presaleParticipants)
    .innerJoin(presales, eq(presales.id, presaleParticipants.presaleId))
    .where(eq(presaleParticipants.memberId, memberId));
  const past = await db
    .selectDistinct({ itemId: presales.itemId })
    .from(presaleApplications)
    .innerJoin(presales, eq(presales.id, presaleApplications.presaleId))
    .where(
      and(
        eq(presaleApplications.memberId, memberId),
        inArray(presaleApplications.status, ['won', 'lost', 'void']),
      ),
    );
  return [...new Set([...rows, ...past].map((row) => row.itemId))];
}

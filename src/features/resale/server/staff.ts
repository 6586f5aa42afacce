import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import { BOM, csvRow } from '@/lib/csv';
import { jstDateTimeText, parseJstLocal } from '@/lib/dates';
import type { Db } from '@/server/db/client';
import {
  contentItems,
  members,
  presaleOfferings,
  presalePerformances,
  presales,
  resaleListings,
  resaleMatches,
  resaleRounds,
} from '@/server/db/schema';
import { formatMemberNumber } from '@/features/membership/server';
import { assertCan, recordAudit, type StaffActor } from '@/features/staff/server';
import type { ResaleSettings } from '../schemas';
import { runRound } from './match';
import { refundOf } from './shared';

async function presaleOfItem(db: Db, actor: StaffActor, itemId: string) {
  const [row] = await db
    .select({ presale: presales, title: contentItems.title })
    .from(presales)
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .where(and(eq(presales.itemId, itemId), eq(presales.siteId, actor.siteId)));
  if (!row) throw new AppError('NOT_FOUND', '先行が見つかりません。');
  return row;
}

/** The presale of a TICKET item of the site, or null. */
export async function presaleIdOfItem(db: Db, siteId: string, itemId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: presales.id })
    .from(presales)
    .where(and(eq(presales.itemId, itemId), eq(presales.siteId, siteId)));
  return row?.id ?? null;
}

/** The staff set a presale's resale: the listing deadline (empty: none), the fee, the pair rule and the match times. */
export async function saveResaleSettings(db: Db, actor: StaffActor, itemId: string, input: ResaleSettings) {
  assertCan(actor, 'content:write');
  const { presale } = await presaleOfItem(db, actor, itemId);
  const after = {
    resaleUntil: input.until ? parseJstLocal(input.until) : null,
    resaleFeeYen: input.feeYen,
    resalePairRule: input.pairRule,
    resaleMatchTimes: input.matchTimes.replaceAll(' ', ''),
  };
  await db.transaction(async (tx) => {
    await tx
      .update(presales)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(presales.id, presale.id));
    await recordAudit(tx, actor, {
      action: 'presale.resale',
      targetType: 'presale',
      targetId: presale.id,
      before: {
        resaleUntil: presale.resaleUntil,
        resaleFeeYen: presale.resaleFeeYen,
        resalePairRule: presale.resalePairRule,
        resaleMatchTimes: presale.resaleMatchTimes,
      },
      after,
    });
  });
  return after;
}

/** 今すぐマッチング: a round now (its slot is this minute), audited; the same minute twice is one round. */
export async function matchNow(db: Db, actor: StaffActor, itemId: string, now = new Date()) {
  assertCan(actor, 'content:write');
  const { presale } = await presaleOfItem(db, actor, itemId);
  if (!presale.resaleUntil) throw new AppError('CONFLICT', 'この先行は公式リセールを行っていません。');
  const slot = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const round = await runRound(db, presale.id, slot, now);
  await recordAudit(db, actor, {
    action: 'presale.resale-match',
    targetType: 'presale',
    targetId: presale.id,
    before: null,
    after: round ?? { slot: slot.toISOString(), note: 'already run or waiting for the beacon' },
  });
  return round;
}

export interface ResaleReport {
  title: string;
  settings: {
    until: string | null;
    feeYen: number;
    pairRule: 'single' | 'pair';
    matchTimes: string;
  };
  rounds: { slot: string; number: string | null; seats: number; entries: number; matched: number }[];
  rows: {
    listedAt: string;
    seat: string;
    seller: string;
    status: string;
    faceValueYen: number;
    refundYen: number;
    buyer: string | null;
    matchStatus: string | null;
    paidAt: string | null;
    refundedAt: string | null;
  }[];
}

const STATUS = {
  listed: '出品中',
  withdrawn: '取消',
  matched: '成立（支払い待ち）',
  sold: '成立（返金待ち）',
  refunded: '返金済',
} as const;
const MATCH = { due: '支払い待ち', paid: '支払い済', transferred: '名義変更済', lapsed: '期限切れ' } as const;

/** A presale's listings with their match and refund, and its rounds: the staff's resale page and its CSV. */
export async function resaleReport(db: Db, actor: StaffActor, itemId: string): Promise<ResaleReport> {
  assertCan(actor, 'presales:paid');
  const { presale, title } = await presaleOfItem(db, actor, itemId);
  const listings = await db
    .select({
      listing: resaleListings,
      seatType: presaleOfferings.seatType,
      startsAt: presalePerformances.startsAt,
      venue: presalePerformances.venue,
      sellerNumber: members.memberNumber,
    })
    .from(resaleListings)
    .innerJoin(presaleOfferings, eq(presaleOfferings.id, resaleListings.offeringId))
    .innerJoin(presalePerformances, eq(presalePerformances.id, resaleListings.performanceId))
    .innerJoin(members, eq(members.id, resaleListings.sellerMemberId))
    .where(eq(resaleListings.presaleId, presale.id))
    .orderBy(asc(resaleListings.createdAt));
  const matchIds = [
    ...new Set(listings.map((row) => row.listing.matchId).filter((id): id is string => !!id)),
  ];
  const matches = matchIds.length
    ? await db
        .select({ match: resaleMatches, buyerNumber: members.memberNumber })
        .from(resaleMatches)
        .innerJoin(members, eq(members.id, resaleMatches.memberId))
        .where(inArray(resaleMatches.id, matchIds))
    : [];
  const rounds = await db
    .select()
    .from(resaleRounds)
    .where(eq(resaleRounds.presaleId, presale.id))
    .orderBy(asc(resaleRounds.slot));
  const number = (value: number | null) => (value ? formatMemberNumber(value) : '—');
  return {
    title,
    settings: {
      until: presale.resaleUntil?.toISOString() ?? null,
      feeYen: presale.resaleFeeYen,
      pairRule: presale.resalePairRule,
      matchTimes: presale.resaleMatchTimes,
    },
    rounds: rounds.map((round) => ({
      slot: round.slot.toISOString(),
      number: round.drawRecordId,
      seats: round.seats,
      entries: round.entries,
      matched: round.matched,
    })),
    rows: listings.map(({ listing, seatType, startsAt, venue, sellerNumber }) => {
      const found = matches.find((row) => row.match.id === listing.matchId);
      return {
        listedAt: listing.createdAt.toISOString(),
        seat: `${jstDateTimeText(startsAt).slice(0, 16)} ${venue} ${seatType}`,
        seller: number(sellerNumber),
        status: STATUS[listing.status],
        faceValueYen: listing.faceValueYen,
        refundYen: refundOf(listing.faceValueYen, listing.feeYen),
        buyer: found ? number(found.buyerNumber) : null,
        matchStatus: found ? MATCH[found.match.status] : null,
        paidAt: found?.match.paidAt?.toISOString() ?? null,
        refundedAt: listing.refundedAt?.toISOString() ?? null,
      };
    }),
  };
}

/** The report's rows as CSV (UTF-8 with BOM, for Excel), audited as an export. */
export async function resaleCsv(db: Db, actor: StaffActor, itemId: string): Promise<string> {
  const report = await resaleReport(db, actor, itemId);
  const lines = [
    csvRow([
      '出品日時',
      '座席',
      '出品者 会員番号',
      '状態',
      '定価',
      '返金額',
      '購入者 会員番号',
      '支払い',
      '支払日時',
      '返金日時',
    ]),
    ...report.rows.map((row) =>
      csvRow([
        jstDateTimeText(row.listedAt),
        row.seat,
        row.seller,
        row.status,
        row.faceValueYen,
        row.refundYen,
        row.buyer ?? '',
        row.matchStatus ?? '',
        row.paidAt ? jstDateTimeText(row.paidAt) : '',
        row.refundedAt ? jstDateTimeText(row.refundedAt) : '',
      ]),
    ),
  ];
  await recordAudit(db, actor, {
    action: 'presale.resale-export',
    targetType: 'presale',
    targetId: itemId,
    before: null,
    after: { rows: report.rows.length },
  });
  return BOM + lines.join('');
}

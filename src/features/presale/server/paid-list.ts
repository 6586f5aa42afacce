import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import {
  contentItems,
  members,
  oneOffPayments,
  presaleApplications,
  presaleOfferings,
  presalePerformances,
  presales,
} from '@/server/db/schema';
import { receiptNumberOf } from '@/features/billing/server';
import { formatMemberNumber } from '@/features/membership/server';
import { BOM, csvRow } from '@/lib/csv';
import { assertCan, recordAudit, type StaffActor } from '@/features/staff/server';
import { can } from '@/features/staff';
import { accessLabel } from '@/features/presale/access';
import { formatJst } from '@/features/presale/components/labels';
import { jstDateTimeText, jstDay } from '@/lib/dates';

export interface PaidRow {
  name: string;
  memberNumber: string;
  receiptNo: string;
  receiptNumber: string;
  performance: string;
  seatType: string;
  tickets: number;
  amountYen: number;
  method: 'card' | 'konbini';
  paidAt: Date;
  /**
   * The accessibility request (decision 0053): present only for staff with `members:contact` (null: none asked);
   * absent (undefined) for anyone else, so that nothing of it leaves the server for them.
   */
  access?: string | null;
}

export interface PaidList {
  title: string;
  cancelled: boolean;
  rows: PaidRow[];
  /** Seats per offering: capacity, taken by wins not lapsed (won or paid), left. */
  seats: { label: string; capacity: number; taken: number }[];
}

const METHOD_LABELS = { card: 'クレジットカード', konbini: 'コンビニ' } as const;

/**
 * Seats each offering still holds after the draw: a win (won or paid) holds its tickets; a lapsed, lost, void or
 * refunded application holds none, so a lapsed win's seats count as free again.
 */
export async function seatsOf(db: Db, presaleId: string) {
  return db
    .select({
      id: presaleOfferings.id,
      seatType: presaleOfferings.seatType,
      startsAt: presalePerformances.startsAt,
      venue: presalePerformances.venue,
      capacity: presaleOfferings.capacity,
      taken: sql<number>`coalesce((select sum(a.tickets)::int from presale_applications a
        where a.won_offering_id = ${presaleOfferings.id} and a.status in ('won', 'paid')), 0)`,
    })
    .from(presaleOfferings)
    .innerJoin(presalePerformances, eq(presalePerformances.id, presaleOfferings.performanceId))
    .where(eq(presaleOfferings.presaleId, presaleId))
    .orderBy(asc(presalePerformances.startsAt), asc(presaleOfferings.seatType));
}

/** The paid wins of a presale (staff: owner and editor), oldest payment first. */
export async function paidList(db: Db, actor: StaffActor, itemId: string): Promise<PaidList> {
  assertCan(actor, 'presales:paid');
  const [presale] = await db
    .select({ id: presales.id, cancelledAt: presales.cancelledAt, title: contentItems.title })
    .from(presales)
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .where(and(eq(presales.itemId, itemId), eq(presales.siteId, actor.siteId)));
  if (!presale) throw new AppError('NOT_FOUND', 'この記事には先行受付がありません。');
  const rows = await db
    .select({
      application: presaleApplications,
      member: {
        familyName: members.familyName,
        givenName: members.givenName,
        nickname: members.nickname,
        memberNumber: members.memberNumber,
      },
      payment: { id: oneOffPayments.id, method: oneOffPayments.method, amountYen: oneOffPayments.amountYen },
      seatType: presaleOfferings.seatType,
      startsAt: presalePerformances.startsAt,
      venue: presalePerformances.venue,
    })
    .from(presaleApplications)
    .innerJoin(members, eq(members.id, presaleApplications.memberId))
    .innerJoin(
      oneOffPayments,
      and(
        eq(oneOffPayments.presaleApplicationId, presaleApplications.id),
        inArray(oneOffPayments.status, ['paid']),
      ),
    )
    .innerJoin(presaleOfferings, eq(presaleOfferings.id, presaleApplications.wonOfferingId))
    .innerJoin(presalePerformances, eq(presalePerformances.id, presaleOfferings.performanceId))
    .where(and(eq(presaleApplications.presaleId, presale.id), eq(presaleApplications.status, 'paid')))
    .orderBy(asc(presaleApplications.paidAt), asc(presaleApplications.receiptNo));
  const seats = await seatsOf(db, presale.id);
  const seesAccess = can(actor.role, 'members:contact');
  return {
    title: presale.title,
    cancelled: presale.cancelledAt !== null,
    rows: rows.map(({ application, member, payment, seatType, startsAt, venue }) => ({
      name:
        [member.familyName, member.givenName].filter(Boolean).join(' ') || (member.nickname ?? '（未登録）'),
      memberNumber: member.memberNumber === null ? '' : formatMemberNumber(member.memberNumber),
      receiptNo: application.receiptNo,
      receiptNumber: receiptNumberOf(payment.id, application.paidAt!),
      performance: `${formatJst(startsAt.toISOString())} ${venue}`,
      seatType,
      tickets: application.tickets,
      amountYen: payment.amountYen,
      method: payment.method,
      paidAt: application.paidAt!,
      ...(seesAccess ? { access: accessLabel(application.accessNeed, application.accessNote) } : {}),
    })),
    seats: seats.map((s) => ({
      label: `${formatJst(s.startsAt.toISOString())} ${s.venue} ${s.seatType}`,
      capacity: s.capacity,
      taken: s.taken,
    })),
  };
}

export const PAID_CSV_HEADER = [
  '氏名',
  '会員番号',
  '受付番号',
  '領収書番号',
  '公演',
  '席種',
  '枚数',
  '金額（円・税込）',
  'お支払い方法',
  '支払日時',
];

export const ACCESS_CSV_HEADER = '車椅子席などのご要望';

const JST_TIME = (date: Date) => jstDateTimeText(date);

/** The paid list as CSV for Excel (BOM, CRLF, the members export's quoting and formula guard); audited. */
export async function paidListCsv(db: Db, actor: StaffActor, itemId: string): Promise<string> {
  const list = await paidList(db, actor, itemId);
  // The request's column only for staff with members:contact (decision 0053).
  const header = can(actor.role, 'members:contact')
    ? [...PAID_CSV_HEADER, ACCESS_CSV_HEADER]
    : PAID_CSV_HEADER;
  await recordAudit(db, actor, {
    action: 'presale.paid-export',
    targetType: 'presale',
    targetId: itemId,
    before: null,
    after: { count: list.rows.length, columns: header },
  });
  return (
    BOM +
    csvRow(header) +
    list.rows
      .map((row) =>
        csvRow([
          row.name,
          row.memberNumber,
          row.receiptNo,
          row.receiptNumber,
          row.performance,
          row.seatType,
          row.tickets,
          row.amountYen,
          METHOD_LABELS[row.method],
          `${JST_TIME(row.paidAt)}`,
          ...(row.access === undefined ? [] : [row.access ?? '']),
        ]),
      )
      .join('')
  );
}

/** presale-paid-20261210.csv, dated in Japan time. */
export const paidCsvFileName = (now: Date) => `presale-paid-${jstDay(now).replaceAll('-', '')}.csv`;

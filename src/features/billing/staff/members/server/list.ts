import 'server-only';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { members, plans } from '@/server/db/schema';
import { assertCan } from '@/features/staff/server';
import type { StaffActor } from '@/features/staff';
import { MEMBERS_PAGE_SIZE, type MemberFilter } from '@/features/billing/staff/members/schemas';
import type { StaffMemberStatus } from '@/features/billing/staff/members/status';
import { latestPlanIdSql, staffStatusSql } from '@/features/billing/staff/members/server/status-sql';

export interface MemberListRow {
  id: string;
  memberNumber: number | null;
  nickname: string | null;
  email: string | null;
  status: StaffMemberStatus;
  planName: string | null;
  joinedAt: Date | null;
}

export interface MemberListPage {
  rows: MemberListRow[];
  total: number;
  page: number;
  pageCount: number;
}

/** Members with a number first, in number order; those still signing up (no number yet) after them. */
const NO_NUMBER = 2147483647;
const sortNumber = sql<number>`COALESCE(${members.memberNumber}, ${sql.raw(String(NO_NUMBER))})`;
const ORDER = [asc(sortNumber), asc(members.id)];

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${likeEscape(q)}%`;
  const compact = `%${likeEscape(q.replace(/\s+/g, ''))}%`;
  const conditions: (SQL | undefined)[] = [
    ilike(members.nickname, pattern),
    ilike(members.email, pattern),
    sql`COALESCE(${members.familyName}, '') || COALESCE(${members.givenName}, '') ILIKE ${compact}`,
    sql`COALESCE(${members.familyNameKana}, '') || COALESCE(${members.givenNameKana}, '') ILIKE ${compact}`,
  ];
  // "123", "000123" and "No.000123" all find member 123.
  const digits = /^(?:no\.?\s*)?(\d{1,9})$/i.exec(q)?.[1];
  if (digits) conditions.push(eq(members.memberNumber, Number(digits)));
  return or(...conditions);
}

function filterCondition(siteId: string, filter: Omit<MemberFilter, 'page'>, now: Date): SQL | undefined {
  return and(
    eq(members.siteId, siteId),
    searchCondition(filter.q),
    filter.status ? sql`${staffStatusSql(now)} = ${filter.status}` : undefined,
    filter.planId ? sql`${latestPlanIdSql} = ${filter.planId}::uuid` : undefined,
  );
}

function selectRows(db: Db, now: Date) {
  return db
    .select({
      id: members.id,
      memberNumber: members.memberNumber,
      nickname: members.nickname,
      email: members.email,
      status: staffStatusSql(now),
      planName: plans.name,
      joinedAt: members.joinedAt,
    })
    .from(members)
    .leftJoin(plans, sql`${plans.id} = ${latestPlanIdSql}`);
}

/** How many of the site's members match the filter. */
export async function countMembers(
  db: Db,
  actor: StaffActor,
  filter: Omit<MemberFilter, 'page'>,
  now: Date,
): Promise<number> {
  assertCan(actor, 'members:read');
  const [row] = await db
    .select({ total: count() })
    .from(members)
    .where(filterCondition(actor.siteId, filter, now));
  return row?.total ?? 0;
}

/** One page (50) of the site's members matching the filter, with the total, at the site's billing time `now`. */
export async function listMembers(
  db: Db,
  actor: StaffActor,
  filter: MemberFilter,
  now: Date,
): Promise<MemberListPage> {
  assertCan(actor, 'members:read');
  const where = filterCondition(actor.siteId, filter, now);
  const total = await countMembers(db, actor, filter, now);
  const pageCount = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const rows = await selectRows(db, now)
    .where(where)
    .orderBy(...ORDER)
    .limit(MEMBERS_PAGE_SIZE)
    .offset((page - 1) * MEMBERS_PAGE_SIZE);
  return { rows, total, page, pageCount };
}

export const EXPORT_BATCH = 1000;

/**
 * Every member matching the filter (all pages), in list order, a batch at a time: keyset paging on the list's own
 * order, so a member who joins during the export neither repeats nor shifts a row.
 */
export async function* allMembers(
  db: Db,
  actor: StaffActor,
  filter: Omit<MemberFilter, 'page'>,
  now: Date,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<MemberListRow[]> {
  assertCan(actor, 'members:read');
  const where = filterCondition(actor.siteId, filter, now);
  let after: { sort: number; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${sortNumber}, ${members.id}) > (${after.sort}::integer, ${after.id}::uuid)`
      : undefined;
    const batch: MemberListRow[] = await selectRows(db, now)
      .where(and(where, keyset))
      .orderBy(...ORDER)
      .limit(batchSize);
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < batchSize) return;
    const last: MemberListRow = batch.at(-1)!;
    after = { sort: last.memberNumber ?? NO_NUMBER, id: last.id };
  }
}

/** The site's plans for the filter, retired ones too (their members keep them). */
export async function sitePlans(db: Db, actor: StaffActor) {
  assertCan(actor, 'members:read');
  return db
    .select({ id: plans.id, name: plans.name, active: plans.active })
    .from(plans)
    .where(eq(plans.siteId, actor.siteId))
    .orderBy(asc(plans.sortOrder), asc(plans.createdAt));
}

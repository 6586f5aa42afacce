import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { executeRows } from '@/server/db/raw';
import { inPremiumSetSql } from '@/features/membership/server';
import type { DrawResult } from '@/features/presale/draw';
import { eligibilityOf } from './eligibility';
import type { Presale } from './setup';

/** An application of the frozen list as the close and the draw read it. */
export interface LiveApplication {
  /** The application's key in its presale (presale_applications_receipt_key). */
  receiptNo: string;
  tickets: number;
  /** Offering ids, 第1希望 first. */
  choices: string[];
  /** Companions who accepted; read only where they count (the companion rule 'member'), else 0. */
  accepted: number;
  /** Whether the applicant may still take part (eligibility.ts's rule); read at the draw only, true at the close. */
  eligible: boolean;
}

interface LiveRow {
  receipt_no: string;
  tickets: number;
  choices: string | null;
  accepted: number;
  /** Read at the draw only. */
  member_number?: number | null;
  joined_at?: Date | string | null;
  premium?: boolean;
}

/**
 * Every live application of a presale (applied, neither drawn nor cancelled), in canonical order (receipt numbers
 * byte by byte, as the draw orders them), with its choices in rank order and its accepted companions; with
 * `eligibleAt` (the draw), also whether its applicant may still take part then. One query whatever the number of
 * entries (a draw of 100,000 must not ask per application), and only what its caller uses: the close needs no member,
 * accepted companions count only under the rule 'member', and the draw needs one flag per applicant, which the
 * database works out with the membership rule's SQL (inPremiumSetSql, checked against the JS rule by its tests)
 * instead of sending every subscription and grant here. The choices come as one comma-joined string (offering ids
 * are UUIDs): the driver parses an array column value by value, a third of this process's time on the read at
 * 100,000 entries.
 */
export async function liveApplications(
  db: Db,
  presale: Pick<Presale, 'id' | 'companionRule' | 'joinedBefore'>,
  eligibleAt: Date | null,
): Promise<LiveApplication[]> {
  const accepted =
    presale.companionRule === 'member'
      ? sql`(select count(*)::int from presale_participants p
              where p.application_id = a.id and p.companion_status = 'accepted')`
      : sql`0`;
  // The applicant's facts for the draw's eligibility check: read at the draw only.
  const applicant = eligibleAt
    ? sql`, m.member_number, m.joined_at,
          ${inPremiumSetSql(sql`a.member_id`, sql`${eligibleAt.toISOString()}::timestamptz`)} as premium
          from presale_applications a join members m on m.id = a.member_id`
    : sql` from presale_applications a`;
  // 100,000 rows sorted by receipt number spill to disk at the default work_mem (4MB): in memory, for this transaction.
  await db.execute(sql`set local work_mem = '64MB'`);
  const rows = await executeRows<LiveRow>(
    db,
    sql`select a.receipt_no, a.tickets,
               (select string_agg(c.offering_id::text, ',' order by c.rank) from presale_choices c
                 where c.application_id = a.id) as choices,
               ${accepted} as accepted${applicant}
         where a.presale_id = ${presale.id} and a.status = 'applied'
         order by a.receipt_no collate "C"`,
  );
  return rows.map((row) => ({
    receiptNo: row.receipt_no,
    tickets: row.tickets,
    choices: row.choices === null ? [] : row.choices.split(','),
    accepted: row.accepted,
    eligible:
      !eligibleAt ||
      eligibilityOf(
        presale,
        {
          memberNumber: row.member_number ?? null,
          // As Drizzle maps a timestamptz (a string from postgres.js, a Date from PGlite).
          joinedAt: row.joined_at ? new Date(row.joined_at) : null,
        },
        row.premium ? 'premium' : 'guest',
      ).ok,
  }));
}

const CHUNK = 50_000;

/** A PostgreSQL array literal of text, every element quoted (any text), NULL where there is none. */
const textArray = (values: readonly (string | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;

/** An array literal of integers, NULL where there is none. */
const intArray = (values: readonly (number | null)[]) =>
  `{${values.map((value) => value ?? 'NULL').join(',')}}`;

/**
 * Every result on its application (by receipt number, the key the record names it by), a few statements for any
 * number: each chunk's columns as arrays unnested side by side, a win's offering as its number in one array of the
 * offerings won, the one void reason by outcome. The statement's own cost (every row rewritten, its three index
 * entries added, a win's offering checked against its key) is the same in any form; this one is the smallest to send
 * and to parse (a fifth of a JSON document of rows), so that it is out of this process within a few turns of the
 * event loop and the draw's record file is written while the database works.
 */
export async function writeResults(
  db: Db,
  presaleId: string,
  results: readonly DrawResult[],
  voidReason: string,
  now: Date,
): Promise<void> {
  const offerings = [
    ...new Set(results.flatMap((result) => (result.outcome === 'won' ? [result.offering] : []))),
  ];
  const numberOf = new Map(offerings.map((id, i) => [id, i + 1]));
  for (let start = 0; start < results.length; start += CHUNK) {
    const chunk = results.slice(start, start + CHUNK);
    const won = (result: DrawResult) => (result.outcome === 'won' ? result : null);
    await db.execute(sql`
      update presale_applications a
         set status = r.status, won_offering_id = (${textArray(offerings)}::uuid[])[r.offering], won_rank = r.rank,
             void_reason = case when r.status = 'void' then ${voidReason} end,
             updated_at = ${now.toISOString()}::timestamptz
        from unnest(${textArray(chunk.map((result) => result.entry))}::text[],
                    ${textArray(chunk.map((result) => result.outcome))}::text[],
                    ${intArray(chunk.map((result) => numberOf.get(won(result)?.offering ?? '') ?? null))}::int[],
                    ${intArray(chunk.map((result) => won(result)?.rank ?? null))}::int[])
          as r(receipt_no, status, offering, rank)
       where a.presale_id = ${presaleId} and a.receipt_no = r.receipt_no and a.status = 'applied'`);
  }
}

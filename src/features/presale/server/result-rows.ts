import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { choicesOfApplication, companionsOfApplication } from './result-parts';

/** A time as JavaScript's toISOString writes it, so that the row's times read like the rest of the API's. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Writes every applicant's result row (presale_results, StoredPresaleResult) in one statement, inside the transaction
 * that announces the results (results.ts), after the konbini deadlines are set. `on conflict do nothing`: a row,
 * once written, is never rewritten; the announcement's row lock and its `resultsAnnouncedAt` make a second run write
 * nothing anyway. Only applicants get a row: a companion's view is their invitation, read as before.
 */
export async function writeResultRows(tx: Db, presaleId: string): Promise<void> {
  await tx.execute(sql`
    insert into presale_results (presale_id, member_id, application_id, outcome, result)
    select "presale_applications"."presale_id", "presale_applications"."member_id", "presale_applications"."id",
      "presale_applications"."status",
      jsonb_build_object(
        'receiptNo', "presale_applications"."receipt_no",
        'tickets', "presale_applications"."tickets",
        'outcome', "presale_applications"."status",
        'choices', ${choicesOfApplication},
        'companions', ${companionsOfApplication},
        'wonOfferingId', "presale_applications"."won_offering_id",
        'wonRank', "presale_applications"."won_rank",
        'voidReason', "presale_applications"."void_reason",
        'accessNeed', "presale_applications"."access_need",
        'accessNote', "presale_applications"."access_note",
        'won', case when "presale_applications"."status" = 'won' then jsonb_build_object(
          'performanceId', pf.id,
          'startsAt', ${iso('pf.starts_at')},
          'venue', pf.venue,
          'seatType', o.seat_type,
          'amountYen', "presale_applications"."tickets" * o.price_yen,
          'payBy', ${iso('"presale_applications"."payment_due_at"')}
        ) end
      )
    from presale_applications
    left join presale_offerings o on o.id = "presale_applications"."won_offering_id"
    left join presale_performances pf on pf.id = o.performance_id
    where "presale_applications"."presale_id" = ${presaleId}
      and "presale_applications"."status" in ('won', 'lost', 'void')
    on conflict do nothing`);
}

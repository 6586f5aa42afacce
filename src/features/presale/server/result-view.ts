import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { presaleApplications, presaleResults, presales } from '@/server/db/schema';
import type { MyApplicationView } from '@/features/presale/types';
import { presaleColumns } from './setup';

/** A member id no row has: the anonymous viewer's, so that one prepared statement serves everyone. */
export const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * The item's presale with the viewer's result row (written at the results time, result-rows.ts) and the live part
 * of its application, joined by primary keys: after the results time this one round trip is the whole result read.
 * The live part is joined rather than copied into the row because billing (paid), the job (lapsed) and a
 * cancellation (refunded) change it, each in its own transaction (docs/decisions/0034, 2026-11-27).
 */
export function preparePresaleWithResult(db: Db) {
  return db
    .select({
      ...presaleColumns,
      result: presaleResults.result,
      liveStatus: presaleApplications.status,
      livePaymentMethod: presaleApplications.paymentMethod,
      liveUpdatedAt: presaleApplications.updatedAt,
    })
    .from(presales)
    .leftJoin(
      presaleResults,
      and(
        eq(presaleResults.presaleId, presales.id),
        eq(presaleResults.memberId, sql.placeholder('memberId')),
      ),
    )
    .leftJoin(presaleApplications, eq(presaleApplications.id, presaleResults.applicationId))
    .where(
      and(eq(presales.itemId, sql.placeholder('itemId')), eq(presales.siteId, sql.placeholder('siteId'))),
    )
    .limit(1)
    .prepare('presale_of_item_with_result');
}

export type PresaleWithResult = Awaited<
  ReturnType<ReturnType<typeof preparePresaleWithResult>['execute']>
>[number];

/** The member's result view from their row and the application's live status; null when there is no row. */
export function mineFromRow(row: PresaleWithResult): MyApplicationView | null {
  const { result, liveStatus, livePaymentMethod, liveUpdatedAt } = row;
  if (!result || !liveStatus || !livePaymentMethod || !liveUpdatedAt) return null;
  return {
    receiptNo: result.receiptNo,
    tickets: result.tickets,
    status: liveStatus,
    choices: result.choices,
    companions: result.companions,
    wonOfferingId: result.wonOfferingId,
    wonRank: result.wonRank,
    voidReason: result.voidReason,
    paymentMethod: livePaymentMethod,
    updatedAt: liveUpdatedAt.toISOString(),
  };
}

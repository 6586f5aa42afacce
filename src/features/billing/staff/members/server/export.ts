import 'server-only';
import type { Db } from '@/server/db/client';
import { formatMemberNumber } from '@/features/membership/server';
import type { StaffActor } from '@/features/staff';
import { can } from '@/features/staff';
import {
  CONSENT_HEADER,
  CONTACT_HEADER,
  extraColumnsOf,
  type ExtraColumns,
} from '@/features/billing/staff/members/server/export-contact';
import { recordAudit } from '@/features/staff/server';
import type { MemberFilter } from '@/features/billing/staff/members/schemas';
import { STAFF_STATUS_LABELS } from '@/features/billing/staff/members/status';
import { isoDateJst } from '@/features/billing/staff/members/dates';
import { allMembers, countMembers, type MemberListRow } from '@/features/billing/staff/members/server/list';
import { BOM, csvRow } from '@/lib/csv';

export const CSV_HEADER = ['会員番号', 'ニックネーム', 'メールアドレス', 'ステータス', 'プラン', '入会日'];

/** The header for this actor: contact columns for the roles that may read them (support and owners). */
export function csvHeader(actor: StaffActor): string[] {
  return [...CSV_HEADER, ...(can(actor.role, 'members:contact') ? CONTACT_HEADER : []), ...CONSENT_HEADER];
}

export function csvLine(row: MemberListRow, extra?: ExtraColumns, contact = false): string {
  const more = extra?.get(row.id);
  return csvRow([
    row.memberNumber === null ? '' : formatMemberNumber(row.memberNumber),
    row.nickname,
    row.email,
    STAFF_STATUS_LABELS[row.status],
    row.planName,
    row.joinedAt ? isoDateJst(row.joinedAt) : '',
    ...(extra ? [...(contact ? (more?.contact ?? []) : []), ...(more?.consent ?? [])] : []),
  ]);
}

/** members-20261122.csv, dated in Japan time. */
export const exportFileName = (now: Date) => `members-${isoDateJst(now).replace(/-/g, '')}.csv`;

/**
 * The filtered list as CSV (every page, not only the one shown), streamed in batches. Exporting personal data is
 * audited: the row names the filter and how many members it matched when the export began.
 */
export async function exportMembersCsv(
  db: Db,
  actor: StaffActor,
  filter: Omit<MemberFilter, 'page'>,
  now: Date,
): Promise<ReadableStream<Uint8Array>> {
  const total = await countMembers(db, actor, filter, now);
  const header = csvHeader(actor);
  const contact = can(actor.role, 'members:contact');
  // Personal data leaving the console: who (the actor), when (the row's time), which filter, how many rows, and
  // which columns (name, address and phone included or not).
  await recordAudit(db, actor, {
    action: 'members.export',
    targetType: 'members',
    targetId: null,
    before: null,
    after: {
      filter: { q: filter.q, status: filter.status, planId: filter.planId },
      count: total,
      columns: header,
    },
  });
  const encoder = new TextEncoder();
  const batches = allMembers(db, actor, filter, now);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvRow(header)));
        return;
      }
      const next = await batches.next();
      if (next.done) controller.close();
      else {
        const extra = await extraColumnsOf(
          db,
          actor.siteId,
          next.value.map((row) => row.id),
        );
        controller.enqueue(encoder.encode(next.value.map((row) => csvLine(row, extra, contact)).join('')));
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { staffMembers } from '@/server/db/schema';
import type { StaffActor } from '@/features/staff/server/actor';
import { AUDIT_PAGE_SIZE, listAudit, type AuditCursor, type AuditRow } from '@/features/staff/server/audit';
import { actionKind } from '@/features/staff/audit/labels';

const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The `before` parameter of the audit page ("<created at>_<id>"); anything else starts at the newest row. */
export function parseAuditCursor(value: string | undefined): AuditCursor | undefined {
  const match = value ? CURSOR.exec(value) : null;
  if (!match || Number.isNaN(Date.parse(match[1]!))) return undefined;
  return { createdAt: match[1]!, id: match[2]!.toLowerCase() };
}

export interface AuditPageRow extends AuditRow {
  /** The staff member's name now, or null when they are no longer staff (the row keeps their e-mail). */
  actorName: string | null;
}

/** One page of the log, with who did it by name and the cursor of the next page (null on the last). */
export async function loadAuditPage(
  db: Db,
  actor: StaffActor,
  query: { kind?: string; before?: string },
): Promise<{ rows: AuditPageRow[]; next: string | null }> {
  const kind = actionKind(query.kind);
  const rows = await listAudit(db, actor, {
    before: parseAuditCursor(query.before),
    actionPrefixes: kind?.prefixes,
    limit: AUDIT_PAGE_SIZE + 1,
  });
  const shown = rows.slice(0, AUDIT_PAGE_SIZE);
  const uids = [...new Set(shown.map((row) => row.actorUid))];
  const names = uids.length
    ? await db
        .select({ uid: staffMembers.uid, displayName: staffMembers.displayName })
        .from(staffMembers)
        .where(and(eq(staffMembers.siteId, actor.siteId), inArray(staffMembers.uid, uids)))
    : [];
  const nameOf = new Map(names.map((row) => [row.uid, row.displayName]));
  const last = shown.at(-1);
  return {
    rows: shown.map((row) => ({ ...row, actorName: nameOf.get(row.actorUid) ?? null })),
    next: rows.length > AUDIT_PAGE_SIZE && last ? `${last.cursor}_${last.id}` : null,
  };
}

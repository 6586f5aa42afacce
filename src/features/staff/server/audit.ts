import 'server-only';
import { and, desc, eq, getTableColumns, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';
import { assertCan, type StaffActor } from '@/features/staff/server/actor';

export interface AuditEntry {
  /** What was done, e.g. "content.publish", "member.grant", "plan.retire". */
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
}

/** Writes one audit row; call it with the transaction of the change it records, so there is never one without the other. */
export async function recordAudit(db: Db, actor: StaffActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    siteId: actor.siteId,
    actorUid: actor.uid,
    actorEmail: actor.email,
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export type AuditRow = typeof auditLog.$inferSelect;

export const AUDIT_PAGE_SIZE = 50;

/**
 * A row's place in the log as text with the database's microseconds: a JavaScript Date keeps milliseconds only, and
 * the rows one transaction writes share one now(), so a Date cursor would skip the rest of such a group.
 */
const cursorOf = sql<string>`to_char(${auditLog.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface AuditCursor {
  createdAt: Date | string;
  id: string;
}

/**
 * The site's audit log, newest first, for owners only; `before` is the (createdAt, id) of the last row shown (its
 * `cursor` text, or a Date). `actionPrefixes` keeps actions starting with any of them, e.g. ['plan.', 'staff.'].
 */
export async function listAudit(
  db: Db,
  actor: StaffActor,
  options: {
    before?: AuditCursor;
    targetId?: string;
    actionPrefixes?: readonly string[];
    limit?: number;
  } = {},
): Promise<(AuditRow & { cursor: string })[]> {
  assertCan(actor, 'audit:read');
  const { before, targetId, actionPrefixes } = options;
  const at = before
    ? sql`${typeof before.createdAt === 'string' ? before.createdAt : before.createdAt.toISOString()}::timestamptz`
    : null;
  return db
    .select({ ...getTableColumns(auditLog), cursor: cursorOf })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.siteId, actor.siteId),
        targetId ? eq(auditLog.targetId, targetId) : undefined,
        actionPrefixes?.length
          ? or(...actionPrefixes.map((prefix) => like(auditLog.action, `${escapeLike(prefix)}%`)))
          : undefined,
        before && at
          ? or(
              sql`${auditLog.createdAt} < ${at}`,
              and(sql`${auditLog.createdAt} = ${at}`, lt(auditLog.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit ?? AUDIT_PAGE_SIZE);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

import 'server-only';
import { and, desc, eq, lt, or } from 'drizzle-orm';
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

/** The site's audit log, newest first, for owners only; `before` is the (createdAt, id) of the last row shown. */
export async function listAudit(
  db: Db,
  actor: StaffActor,
  options: { before?: { createdAt: Date; id: string }; targetId?: string } = {},
): Promise<AuditRow[]> {
  assertCan(actor, 'audit:read');
  const { before, targetId } = options;
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.siteId, actor.siteId),
        targetId ? eq(auditLog.targetId, targetId) : undefined,
        before
          ? or(
              lt(auditLog.createdAt, before.createdAt),
              and(eq(auditLog.createdAt, before.createdAt), lt(auditLog.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE);
}

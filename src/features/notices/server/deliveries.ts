import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { members, notices } from '@/server/db/schema';
import { assertCan, type StaffActor, recordAudit } from '@/features/staff/server';

/** Mails the server kept refusing, kept (never dropped) for the site's owner: newest first. */
export async function failedDeliveries(db: Db, actor: StaffActor) {
  assertCan(actor, 'deliveries:manage');
  return db
    .select({
      id: notices.id,
      kind: notices.kind,
      createdAt: notices.createdAt,
      attempts: notices.mailAttempts,
      error: notices.mailError,
      email: sql<string | null>`coalesce(${notices.toAddress}, ${members.email})`,
      memberNumber: members.memberNumber,
    })
    .from(notices)
    .leftJoin(members, eq(members.id, notices.memberId))
    .where(and(eq(notices.siteId, actor.siteId), eq(notices.mailStatus, 'failed')))
    .orderBy(desc(notices.createdAt))
    .limit(100);
}

/** Puts a failed mail back in the queue with fresh attempts: the worker sends it within seconds. */
export async function retryDelivery(db: Db, actor: StaffActor, id: string): Promise<void> {
  assertCan(actor, 'deliveries:manage');
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new AppError('NOT_FOUND');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(notices)
      .set({ mailStatus: 'pending', mailAttempts: 0, mailDueAt: new Date() })
      .where(and(eq(notices.id, id), eq(notices.siteId, actor.siteId), eq(notices.mailStatus, 'failed')))
      .returning({ id: notices.id, kind: notices.kind });
    if (!row) throw new AppError('NOT_FOUND', 'この配信はすでに再送されたか、見つかりませんでした。');
    await recordAudit(tx, actor, {
      action: 'delivery.retry',
      targetType: 'notice',
      targetId: id,
      before: { mailStatus: 'failed' },
      after: { mailStatus: 'pending', kind: row.kind },
    });
  });
}

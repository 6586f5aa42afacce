import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { isUuid } from '@/lib/uuid';
import type { Db } from '@/server/db/client';
import { paymentDisputes } from '@/server/db/schema';
import type { StaffActor } from '@/features/staff';
import { assertCan, recordAudit } from '@/features/staff/server';

/** What staff write when they close their side of a chargeback: what they did (返金した、会員に連絡した、…). */
export const handleDisputeSchema = z.strictObject({
  note: z
    .string({ error: '対応の内容を入力してください。' })
    .trim()
    .min(1, { error: '対応の内容を入力してください。' })
    .max(500, { error: '対応の内容は500文字以内で入力してください。' }),
});

/**
 * Marks a chargeback 対応済み (docs/decisions/0047): the webhook only marks and tells, people decide, and this is
 * where the decision is written down, once, with who and when, in the audit log as well. A second mark (a double
 * click, another owner at the same moment) finds it handled and changes nothing.
 */
export async function markDisputeHandled(
  db: Db,
  actor: StaffActor,
  id: string,
  note: string,
  at: Date,
): Promise<{ handledAt: Date }> {
  assertCan(actor, 'disputes:handle');
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'この異議申し立ては見つかりませんでした。');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentDisputes)
      .set({ handledAt: at, handledBy: actor.email, handledNote: note, updatedAt: at })
      .where(
        and(
          eq(paymentDisputes.id, id),
          eq(paymentDisputes.siteId, actor.siteId),
          isNull(paymentDisputes.handledAt),
        ),
      )
      .returning({ status: paymentDisputes.status, amountYen: paymentDisputes.amountYen });
    if (!row) {
      const [existing] = await tx
        .select({ handledAt: paymentDisputes.handledAt })
        .from(paymentDisputes)
        .where(and(eq(paymentDisputes.id, id), eq(paymentDisputes.siteId, actor.siteId)));
      if (!existing) throw new AppError('NOT_FOUND', 'この異議申し立ては見つかりませんでした。');
      throw new AppError('CONFLICT', 'この異議申し立ては、すでに対応済みになっています。');
    }
    await recordAudit(tx, actor, {
      action: 'dispute.handled',
      targetType: 'payment_dispute',
      targetId: id,
      before: { handledAt: null },
      after: { handledAt: at.toISOString(), note, status: row.status, amountYen: row.amountYen },
    });
    return { handledAt: at };
  });
}

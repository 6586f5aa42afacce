import 'server-only';
import { and, eq, min } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { presalePerformances, presales, tickets } from '@/server/db/schema';
import { assertCan, recordAudit, type StaffActor } from '@/features/staff/server';
import type { TicketSettings } from '@/features/tickets/schemas';

/**
 * Sets a presale's 発券日 and seat reveal time (owner, editor), audited. The issue time cannot move once tickets
 * were issued; the reveal time can, until the first performance.
 */
export async function saveTicketSettings(
  db: Db,
  actor: StaffActor,
  itemId: string,
  settings: TicketSettings,
  now = new Date(),
): Promise<void> {
  assertCan(actor, 'content:write');
  await db.transaction(async (tx) => {
    const [presale] = await tx
      .select()
      .from(presales)
      .where(and(eq(presales.itemId, itemId), eq(presales.siteId, actor.siteId)))
      .for('update')
      .limit(1);
    if (!presale) throw new AppError('NOT_FOUND', 'この記事には先行受付がありません。');
    if (settings.issueAt < presale.resultsAt) {
      throw new AppError('VALIDATION', '発券日は当落発表以降にしてください。');
    }
    const [first] = await tx
      .select({ startsAt: min(presalePerformances.startsAt) })
      .from(presalePerformances)
      .where(eq(presalePerformances.presaleId, presale.id));
    if (first?.startsAt && settings.seatsRevealAt > first.startsAt) {
      throw new AppError('VALIDATION', '座席の表示開始は最初の公演の開演より前にしてください。');
    }
    const [issued] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.presaleId, presale.id))
      .limit(1);
    if (issued && presale.ticketsIssueAt && settings.issueAt.getTime() !== presale.ticketsIssueAt.getTime()) {
      throw new AppError('CONFLICT', '発券後は発券日を変更できません。');
    }
    if (
      !issued &&
      settings.issueAt < now &&
      presale.ticketsIssueAt?.getTime() !== settings.issueAt.getTime()
    ) {
      throw new AppError('VALIDATION', '発券日は現在より後の日時にしてください。');
    }
    await tx
      .update(presales)
      .set({ ticketsIssueAt: settings.issueAt, seatsRevealAt: settings.seatsRevealAt, updatedAt: now })
      .where(eq(presales.id, presale.id));
    await recordAudit(tx, actor, {
      action: 'presale.tickets',
      targetType: 'presale',
      targetId: presale.id,
      before: { issueAt: presale.ticketsIssueAt, seatsRevealAt: presale.seatsRevealAt },
      after: settings,
    });
  });
}

import 'server-only';
import { and, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { presaleParticipants } from '@/server/db/schema';
import type { Member } from '@/features/membership';
import { lockOpenPresale } from './apply';
import { eligibility } from './eligibility';

/** A companion's answer on their My page, until the close. Declining frees them to apply or accompany someone else. */
export async function answerInvitation(
  db: Db,
  siteId: string,
  companion: Member,
  presaleId: string,
  accept: boolean,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const presale = await lockOpenPresale(tx, siteId, presaleId, now);
    const where = and(
      eq(presaleParticipants.presaleId, presaleId),
      eq(presaleParticipants.memberId, companion.id),
      eq(presaleParticipants.role, 'companion'),
    );
    const [invitation] = await tx.select().from(presaleParticipants).where(where).for('update').limit(1);
    if (!invitation) throw new AppError('NOT_FOUND', '同行のご依頼が見つかりませんでした。');
    if (!accept) {
      await tx.delete(presaleParticipants).where(where);
      return;
    }
    const allowed = await eligibility(tx, presale, companion, now);
    if (!allowed.ok) throw new AppError('FORBIDDEN', allowed.reason);
    await tx.update(presaleParticipants).set({ companionStatus: 'accepted', updatedAt: now }).where(where);
  });
}

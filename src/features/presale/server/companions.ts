import 'server-only';
import { and, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { companionBlocks, presaleApplications, presaleParticipants } from '@/server/db/schema';
import type { Member } from '@/features/membership';
import { lockOpenPresale } from './apply';
import { eligibility } from './eligibility';

export type InvitationAnswer = 'accept' | 'decline' | 'decline-and-block';

/**
 * A companion's answer on the item page, until the close. Declining frees them to apply or accompany someone else;
 * declining and blocking also refuses every later invitation from that applicant, on every presale of the site
 * (「この会員からの同行依頼を今後受け取らない」): naming them then answers as naming anyone who cannot be named.
 */
export async function answerInvitation(
  db: Db,
  siteId: string,
  companion: Member,
  presaleId: string,
  answer: InvitationAnswer,
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
    if (answer !== 'accept') {
      await tx.delete(presaleParticipants).where(where);
      if (answer === 'decline-and-block') {
        const [application] = await tx
          .select({ memberId: presaleApplications.memberId })
          .from(presaleApplications)
          .where(eq(presaleApplications.id, invitation.applicationId))
          .limit(1);
        await tx
          .insert(companionBlocks)
          .values({ siteId, memberId: companion.id, blockedMemberId: application!.memberId, createdAt: now })
          .onConflictDoNothing();
      }
      return;
    }
    const allowed = await eligibility(tx, presale, companion, now);
    if (!allowed.ok) throw new AppError('FORBIDDEN', allowed.reason);
    await tx.update(presaleParticipants).set({ companionStatus: 'accepted', updatedAt: now }).where(where);
  });
}

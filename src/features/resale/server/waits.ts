import 'server-only';
import { and, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { presaleOfferings, presalePerformances, presales, resaleWaits } from '@/server/db/schema';
import type { Member } from '@/features/membership';
import { notify } from '@/features/notices/server';
import { seatOf } from './shared';

/**
 * リセール待ち: the member waits for `tickets` seats of one offering (a performance's seat type) until the show
 * starts. When they joined does not matter: each round draws among everyone waiting (docs/decisions/0049).
 */
export async function joinWait(
  db: Db,
  member: Member,
  input: { offeringId: string; tickets: number; paymentMethod: 'card' | 'konbini' },
  now = new Date(),
) {
  if (!member.memberNumber) throw new AppError('FORBIDDEN', '会員の方だけがご利用いただけます。');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ presale: presales, startsAt: presalePerformances.startsAt })
      .from(presaleOfferings)
      .innerJoin(presales, eq(presales.id, presaleOfferings.presaleId))
      .innerJoin(presalePerformances, eq(presalePerformances.id, presaleOfferings.performanceId))
      .where(and(eq(presaleOfferings.id, input.offeringId), eq(presales.siteId, member.siteId)));
    if (!row) throw new AppError('NOT_FOUND', '席種が見つかりません。');
    const { presale } = row;
    if (!presale.resaleUntil || presale.cancelledAt) {
      throw new AppError('CONFLICT', 'この公演は公式リセールの対象外です。');
    }
    if (now >= row.startsAt) throw new AppError('CONFLICT', '公演開始後はリセール待ちに登録できません。');
    if (input.tickets > presale.ticketsPerApplication) {
      throw new AppError('VALIDATION', `枚数は${presale.ticketsPerApplication}枚までです。`);
    }
    if (input.paymentMethod === 'card' && !member.billingCustomerId) {
      throw new AppError(
        'VALIDATION',
        'カード払いにはカードのご登録が必要です。コンビニ払いをお選びください。',
      );
    }
    const [created] = await tx
      .insert(resaleWaits)
      .values({
        siteId: member.siteId,
        presaleId: presale.id,
        offeringId: input.offeringId,
        memberId: member.id,
        tickets: input.tickets,
        paymentMethod: input.paymentMethod,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('CONFLICT', 'この席種のリセール待ちにはすでに登録しています。');
    const { title, seat } = await seatOf(tx, input.offeringId);
    await notify(tx, {
      siteId: member.siteId,
      memberId: member.id,
      kind: 'resale-waiting',
      key: `resale-waiting:${created.id}`,
      data: { title, seat, tickets: created.tickets },
    });
    return created;
  });
}

/** The member stops waiting (only while nothing is matched to them). */
export async function leaveWait(db: Db, member: Member, waitId: string, now = new Date()) {
  const [left] = await db
    .update(resaleWaits)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(eq(resaleWaits.id, waitId), eq(resaleWaits.memberId, member.id), eq(resaleWaits.status, 'waiting')),
    )
    .returning();
  if (left) return left;
  const [row] = await db
    .select()
    .from(resaleWaits)
    .where(and(eq(resaleWaits.id, waitId), eq(resaleWaits.memberId, member.id)));
  if (!row) throw new AppError('NOT_FOUND', 'リセール待ちが見つかりません。');
  if (row.status === 'cancelled') return row;
  throw new AppError('CONFLICT', 'すでに当選しているため、取り消せません。');
}

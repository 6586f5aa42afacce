import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { presaleApplications, presales } from '@/server/db/schema';
import type { PaymentProvider } from '@/server/payments/types';
import type { Member } from '@/features/membership';
import { chargeWinByCard, paymentsOf } from '@/features/billing/server';
import { describeCardError } from '@/features/billing';
import { winsOf } from './results';
import { winToPay } from './settle';

const NOT_PAYABLE: Record<string, string> = {
  applied: '抽選結果の発表前のため、お支払いはまだできません。',
  lost: '落選したお申し込みのため、お支払いは不要です。',
  void: '抽選の対象外となったお申し込みのため、お支払いはできません。',
  lapsed: 'お支払い期限を過ぎたため、この当選は無効となりました。',
  refunded: '公演が中止となったため、お支払いはできません。',
  cancelled: '取り消したお申し込みのため、お支払いはできません。',
};

/** The member's live (not cancelled) application to this presale of their site; presales joined in the query. */
export function memberLiveApplication(member: Member, presaleId: string) {
  return and(
    eq(presaleApplications.presaleId, presaleId),
    eq(presaleApplications.memberId, member.id),
    eq(presales.siteId, member.siteId),
    isNull(presaleApplications.cancelledAt),
  );
}

/**
 * The fan pays a win again from My page after the card was refused (or the first charge is still to come): charged
 * on the card saved now, once (billing's attempt and key). A charge waiting for 3-D Secure is not charged again:
 * the answer sends the fan to authenticate it (docs/decisions/0047). Anything but an unpaid card win of the fan's own, before
 * its due time, is a 4xx with the reason and changes nothing; a paid win answers paid.
 */
export async function payWinAgain(
  db: Db,
  provider: PaymentProvider,
  member: Member,
  presaleId: string,
  now: Date,
): Promise<{ status: 'paid'; paymentId: string } | { status: 'requires_action' }> {
  const [row] = await db
    .select({ application: presaleApplications, presale: presales })
    .from(presaleApplications)
    .innerJoin(presales, eq(presales.id, presaleApplications.presaleId))
    .where(memberLiveApplication(member, presaleId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'お申し込みが見つかりませんでした。');
  const { application, presale } = row;
  // Before the results time a draw already made stays unseen: answered as not yet announced.
  const status = presale.resultsAnnouncedAt ? application.status : 'applied';
  if (presale.cancelledAt) throw new AppError('CONFLICT', NOT_PAYABLE.refunded);
  if (status === 'paid') {
    return { status: 'paid', paymentId: await paidPaymentOf(db, application.id) };
  }
  if (status !== 'won') throw new AppError('CONFLICT', NOT_PAYABLE[status] ?? NOT_PAYABLE.applied);
  if (application.paymentDueAt && application.paymentDueAt <= now)
    throw new AppError('CONFLICT', NOT_PAYABLE.lapsed);
  if (application.paymentMethod !== 'card') {
    throw new AppError(
      'CONFLICT',
      'コンビニ払いのお申し込みです。お知らせしたお支払い番号でお支払いください。',
    );
  }
  const [win] = (await winsOf(db, presaleId)).filter((w) => w.application.id === application.id);
  if (!win) throw new AppError('CONFLICT', NOT_PAYABLE.lapsed);
  const { pay } = await winToPay(db, win);
  const result = await chargeWinByCard(db, provider, pay, { first: false });
  if (result?.status === 'paid') return { status: 'paid', paymentId: result.id };
  // The charge waits for the fan's 3-D Secure (this one, or one asked for before): My page's authentication.
  if (result?.status === 'pending' && result.method === 'card') return { status: 'requires_action' };
  if (result?.status === 'failed') {
    throw new AppError('PAYMENT_DECLINED', describeCardError('card_declined', result.failureCode));
  }
  throw new AppError('UNAVAILABLE');
}

async function paidPaymentOf(db: Db, applicationId: string): Promise<string> {
  const payments = await paymentsOf(db, applicationId);
  return payments.find((p) => p.status === 'paid')?.id ?? '';
}

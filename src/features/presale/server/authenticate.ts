import 'server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { contentItems, presaleApplications, presales } from '@/server/db/schema';
import type { PaymentProvider } from '@/server/payments/types';
import type { Member } from '@/features/membership';
import { completeCardCharge, paymentsOf, waitingCharge } from '@/features/billing/server';
import { memberLiveApplication } from './pay';

const LAPSED = 'お支払い期限を過ぎたため、この当選は無効となりました。';
const NOTHING = '本人認証が必要なお支払いはありません。マイページでお申し込みの状態をご確認ください。';
const REFUSED = '本人認証ができませんでした。もう一度お試しください。';

/** What the authentication page shows and needs: the win, its deadline, and Stripe's secret where Stripe is used. */
export interface WinAuthentication {
  title: string;
  receiptNo: string;
  amountYen: number;
  dueAt: Date | null;
  provider: 'stripe' | 'sandbox';
  clientSecret: string | null;
  paymentMethodId: string | null;
}

async function applicationOf(db: Db, member: Member, presaleId: string) {
  const [row] = await db
    .select({ application: presaleApplications, title: contentItems.title })
    .from(presaleApplications)
    .innerJoin(presales, eq(presales.id, presaleApplications.presaleId))
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .where(memberLiveApplication(member, presaleId));
  return row ?? null;
}

/** The fan's win waiting for 3-D Secure (null: none waits: paid, lapsed, or never asked). */
export async function winAuthentication(
  db: Db,
  provider: PaymentProvider,
  member: Member,
  presaleId: string,
): Promise<WinAuthentication | null> {
  const waiting = await waitingCharge(db, member.siteId, member.id, presaleId);
  const found = await applicationOf(db, member, presaleId);
  if (!waiting?.payment.providerPaymentId || !found) return null;
  const charge =
    provider.kind === 'stripe' ? await provider.retrieveCardCharge(waiting.payment.providerPaymentId) : null;
  return {
    title: found.title,
    receiptNo: found.application.receiptNo,
    amountYen: waiting.payment.amountYen,
    dueAt: waiting.dueAt,
    provider: provider.kind,
    clientSecret: charge?.clientSecret ?? null,
    paymentMethodId: charge?.paymentMethodId ?? null,
  };
}

/**
 * After the fan's authentication (Stripe: Stripe.js confirmed the intent in the browser; the sandbox: `approve` is
 * the fan's answer on its stand-in page), the charge is read again and written once, whoever else reports it (the
 * provider's event, a second click). Paid: answered paid, also when it was recorded before. The sandbox refuses an
 * authentication at or after the deadline (the deadline job cancels the charge); Stripe's cancellation does the same.
 */
export async function confirmWinAuthentication(
  db: Db,
  provider: PaymentProvider & { authenticateCharge?: (id: string, approve: boolean) => Promise<unknown> },
  member: Member,
  presaleId: string,
  now: Date,
  approve: boolean | undefined,
): Promise<{ status: 'paid'; paymentId: string } | { status: 'requires_action' }> {
  const found = await applicationOf(db, member, presaleId);
  if (!found) throw new AppError('NOT_FOUND', 'お申し込みが見つかりませんでした。');
  const paidBefore = async () =>
    (await paymentsOf(db, found.application.id)).find((p) => p.status === 'paid');
  const waiting = await waitingCharge(db, member.siteId, member.id, presaleId);
  if (!waiting?.payment.providerPaymentId) {
    const paid = await paidBefore();
    if (paid) return { status: 'paid', paymentId: paid.id };
    throw new AppError('CONFLICT', found.application.status === 'lapsed' ? LAPSED : NOTHING);
  }
  const paymentId = waiting.payment.providerPaymentId;
  if (approve !== undefined && provider.authenticateCharge) {
    if (waiting.dueAt && waiting.dueAt <= now) throw new AppError('CONFLICT', LAPSED);
    await provider.authenticateCharge(paymentId, approve);
  }
  const row = await completeCardCharge(db, provider, paymentId, member.siteId);
  if (row?.status === 'paid' || row?.status === 'refunded') return { status: 'paid', paymentId: row.id };
  if (row?.status === 'pending') {
    if (approve === false) throw new AppError('PAYMENT_DECLINED', REFUSED);
    return { status: 'requires_action' };
  }
  throw new AppError('CONFLICT', row?.status === 'canceled' ? LAPSED : REFUSED);
}

import { Link } from '@/components/ui/link';
import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { Site } from '@/features/site';
import type { Member } from '@/features/membership';
import { findPlan } from '@/features/membership/server';
import { INTERVAL_LABELS } from '@/features/membership';
import { formatYen } from '@/lib/yen';
import { getPaymentProvider } from '@/features/billing/server/provider';
import { latestSubscription } from '@/features/billing/server/membership';
import { listPaymentHistory } from '@/features/billing/server/history';
import { currentVoucher, konbiniOffered } from '@/features/billing/server/konbini';
import { konbiniRenewal, RENEWAL_NOTICE_DAYS } from '@/features/billing/server/konbini-renewal';
import { voucherView } from '@/features/billing/voucher';
import { NextPeriodVoucher } from '@/features/billing/components/next-period-voucher';
import { PaymentHistory } from '@/features/billing/components/payment-history';

/** My page's billing part: the plan (and a pending change), a konbini period's next payment, the payment history. */
export async function BillingPanel({ site, member }: { site: Site; member: Member }) {
  const db = await getDb();
  const provider = await getPaymentProvider();
  const [subscription, lines, renewal, voucher] = await Promise.all([
    latestSubscription(db, member.id),
    listPaymentHistory(db, provider, member),
    konbiniRenewal(db, provider, member),
    currentVoucher(db, provider, member),
  ]);
  const [plan, pending] = await Promise.all([
    subscription ? findPlan(db, site.id, subscription.planId) : null,
    subscription?.pendingPlanId ? findPlan(db, site.id, subscription.pendingPlanId) : null,
  ]);
  const card = subscription?.method === 'card' && subscription.status === 'active';
  return (
    <>
      {plan && (card || renewal.endsAt) && (
        <section aria-labelledby="plan-heading" className="rounded-lg border border-line p-6 text-sm">
          <h2 id="plan-heading" className="text-lg font-bold">
            ご利用中のプラン
          </h2>
          <p className="mt-3" data-testid="current-plan">
            {plan.name}（{INTERVAL_LABELS[plan.interval]} {formatYen(plan.priceYen)}・
            {card ? 'クレジットカード・自動更新' : 'コンビニ払い・自動更新なし'}）
          </p>
          {card && pending && subscription.currentPeriodEnd && (
            <p className="mt-2" data-testid="pending-plan" role="status">
              {formatDateJa(subscription.currentPeriodEnd)}の更新から「{pending.name}」（
              {formatYen(pending.priceYen)}）に変わります。
            </p>
          )}
          {card && !subscription.cancelAtPeriodEnd && (
            <Link href={paths.changePlan()} className="mt-4 inline-block underline underline-offset-4">
              プランを変更する
            </Link>
          )}
          {renewal.endsAt && (
            <div className="mt-3 leading-relaxed" data-testid="konbini-renewal">
              <p>
                会員期間は{formatDateJa(renewal.endsAt)}までです。コンビニ払いは自動で更新されません。
                {renewal.mayPay
                  ? '続ける場合は、期間が終わる前に次の期間分をお支払いください。'
                  : `次の期間分は、終了の${RENEWAL_NOTICE_DAYS}日前（${formatDateJa(renewal.opensAt!)}）からお支払いいただけます。`}
              </p>
              {renewal.mayPay && konbiniOffered(site, plan) && (
                <NextPeriodVoucher
                  planId={plan.id}
                  label={`次の期間分（${formatYen(plan.priceYen)}）のお支払い番号を発行する`}
                  voucher={voucher ? voucherView(voucher) : null}
                  sandbox={provider.kind === 'sandbox'}
                />
              )}
            </div>
          )}
        </section>
      )}
      <PaymentHistory lines={lines} contact={site.config.CONTACT_FORM.enabled} />
    </>
  );
}

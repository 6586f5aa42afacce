import { Link } from '@/components/ui/link';
import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { Site } from '@/features/site';
import { formatMemberNumber, type Member, findPlan, listPlans } from '@/features/membership/server';
import { INTERVAL_LABELS } from '@/features/membership';
import { formatYen } from '@/lib/yen';
import { latestSubscription } from '@/features/billing/server/membership';
import { PlanChangeButton } from '@/features/billing/components/plan-change-form';

/**
 * The plan change page: what each other plan costs and from when (the next renewal: the period paid for runs out as
 * bought, nothing is prorated), that the member number and tenure stay, and the way to take a pending change back.
 */
export async function PlanChangePanel({ site, member }: { site: Site; member: Member }) {
  const db = await getDb();
  const subscription = await latestSubscription(db, member.id);
  const running =
    subscription?.method === 'card' && subscription.status === 'active' && !subscription.cancelAtPeriodEnd;
  if (!subscription || !running || !subscription.currentPeriodEnd) {
    return (
      <p className="text-sm leading-relaxed" role="status">
        プランの変更は、クレジットカードで自動更新中の会員の方がご利用いただけます。
        {subscription?.method === 'konbini' &&
          'コンビニ払いの方は、次の期間のお支払い時にプランをお選びください。'}
        <Link href={paths.myPage()} className="mt-4 block underline underline-offset-4">
          マイページへ戻る
        </Link>
      </p>
    );
  }
  const [current, pending, offered] = await Promise.all([
    findPlan(db, site.id, subscription.planId),
    subscription.pendingPlanId ? findPlan(db, site.id, subscription.pendingPlanId) : null,
    listPlans(db, site.id),
  ]);
  const from = formatDateJa(subscription.currentPeriodEnd);
  return (
    <div className="flex flex-col gap-6 text-sm leading-relaxed">
      <dl className="grid gap-1">
        <dt className="font-bold">現在のプラン</dt>
        <dd data-testid="plan-current">
          {current?.name}（
          {current ? `${INTERVAL_LABELS[current.interval]} ${formatYen(current.priceYen)}` : ''}）
        </dd>
        <dt className="mt-2 font-bold">次回の更新日</dt>
        <dd>{from}</dd>
      </dl>
      <p>
        変更後のプランは次回の更新日（{from}
        ）から適用され、その日に新しいプランの料金をクレジットカードで決済します。
        それまでは現在のプランのままご利用いただけ、差額の請求やご返金はありません。会員番号（
        {formatMemberNumber(member.memberNumber!)}）と在籍期間はそのまま引き継がれます。
      </p>
      {pending ? (
        <div className="rounded-lg border-2 border-primary p-4" role="status" data-testid="plan-pending">
          <p className="mb-3">
            {from}の更新から「{pending.name}」（{INTERVAL_LABELS[pending.interval]}{' '}
            {formatYen(pending.priceYen)}
            ）に変更されます。更新日の前であれば取り消せます。
          </p>
          <PlanChangeButton
            planId={null}
            variant="secondary"
            label="プランの変更を取り消す"
            done="プランの変更を取り消しました。"
          />
        </div>
      ) : (
        <ul className="flex flex-col gap-4">
          {offered
            .filter((plan) => plan.id !== subscription.planId)
            .map((plan) => (
              <li key={plan.id} className="rounded-lg border border-line p-4">
                <p className="font-bold">{plan.name}</p>
                <p className="mb-3">
                  {INTERVAL_LABELS[plan.interval]} {formatYen(plan.priceYen)}（{from}から自動更新）
                </p>
                <PlanChangeButton
                  planId={plan.id}
                  label={`「${plan.name}」に変更する`}
                  done={`${from}の更新から「${plan.name}」に変わります。`}
                />
              </li>
            ))}
        </ul>
      )}
      <Link href={paths.myPage()} className="underline underline-offset-4">
        マイページへ戻る
      </Link>
    </div>
  );
}

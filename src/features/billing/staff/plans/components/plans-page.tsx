import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import { getPaymentProvider } from '@/features/billing/server/provider';
import { INTERVAL_LABELS } from '@/features/membership';
import type { StaffActor } from '@/features/staff';
import { listStaffPlans } from '@/features/billing/staff/plans/server/plans';
import { PlanActions } from '@/features/billing/staff/plans/components/plan-actions';
import { PlanCreateForm } from '@/features/billing/staff/plans/components/plan-create-form';

/** The owner's plans: every plan of the site with its members, retiring and offering again, and a new plan. */
export async function PlansPage({ actor }: { actor: StaffActor }) {
  const now = await (await getPaymentProvider()).now(actor.siteId);
  const plans = await listStaffPlans(await getDb(), actor, now);
  return (
    <div className="flex flex-col gap-8">
      <PageHeading>プラン</PageHeading>
      <section aria-labelledby="plan-list-heading" className="flex flex-col gap-3">
        <h2 id="plan-list-heading" className="text-lg font-bold">
          プラン一覧
        </h2>
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[40rem] border-collapse text-sm" data-testid="plan-table">
            <thead>
              <tr className="border-b border-line text-left whitespace-nowrap">
                <th scope="col" className="px-3 py-2">
                  プラン名
                </th>
                <th scope="col" className="px-3 py-2">
                  間隔
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  価格（税込）
                </th>
                <th scope="col" className="px-3 py-2">
                  状態
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  加入中の会員
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">操作</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {plans.map((plan) => (
                <tr key={plan.id} className="border-b border-line" data-plan-code={plan.code}>
                  <th scope="row" className="min-w-40 px-3 py-2 text-left font-bold">
                    {plan.name}
                    <span className="block text-xs font-normal text-ink/75">コード: {plan.code}</span>
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">{INTERVAL_LABELS[plan.interval]}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    ¥{plan.priceYen.toLocaleString('ja-JP')}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <span
                      className={`inline-block rounded-full px-3 py-0.5 text-xs font-bold ${
                        plan.active ? 'bg-primary text-ink' : 'bg-surface-sub text-ink/75'
                      }`}
                    >
                      {plan.active ? '提供中' : '提供終了'}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {plan.memberCount.toLocaleString('ja-JP')}人
                  </td>
                  <td className="px-3 py-2 text-right">
                    <PlanActions plan={plan} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {plans.length === 0 && (
          <p className="text-sm">まだプランがありません。下のフォームから作成してください。</p>
        )}
      </section>
      <PlanCreateForm />
    </div>
  );
}

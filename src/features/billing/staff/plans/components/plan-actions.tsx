'use client';

import { useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/post-json';
import { ConfirmAction } from '@/features/staff/ui';

/** Retire an offered plan (its members keep it), or offer a retired one again; both asked first. */
export function PlanActions({
  plan,
}: {
  plan: { id: string; name: string; active: boolean; memberCount: number };
}) {
  const router = useRouter();
  const run = (action: 'retire' | 'offer', done: string) => async () => {
    const result = await postJson(`/api/staff/plans/${plan.id}/${action}`, {});
    if (!result.ok) return result.message;
    toast.success(done);
    router.refresh();
    return null;
  };
  if (plan.active) {
    return (
      <ConfirmAction
        triggerLabel="提供終了"
        triggerName={`「${plan.name}」を提供終了`}
        title="このプランを提供終了にしますか？"
        description={
          <>
            <p>
              「{plan.name}」は新規入会で選べなくなります。加入中の会員（
              {plan.memberCount.toLocaleString('ja-JP')}
              人）はこのプランのまま継続し、更新も続きます。
            </p>
          </>
        }
        confirmLabel="提供終了にする"
        busyLabel="変更しています…"
        onConfirm={run('retire', `「${plan.name}」を提供終了にしました`)}
      />
    );
  }
  return (
    <ConfirmAction
      triggerLabel="再開"
      triggerName={`「${plan.name}」の提供を再開`}
      title="このプランの提供を再開しますか？"
      description={<p>「{plan.name}」を同じ価格で、新規入会で再び選べるようにします。</p>}
      confirmLabel="提供を再開する"
      busyLabel="変更しています…"
      onConfirm={run('offer', `「${plan.name}」の提供を再開しました`)}
    />
  );
}

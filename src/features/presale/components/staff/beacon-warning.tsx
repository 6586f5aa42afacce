import { LOCAL_BEACON_NOTE, OPERATOR_BEACON_NOTE } from '@/features/presale/draw';
import { beaconPlan } from '@/features/presale/server/beacon';

type Source = 'drand' | 'local' | 'operator';

const WARNINGS: Record<Exclude<Source, 'drand'>, { title: string; body: string }> = {
  local: {
    title: `この抽選の乱数は${LOCAL_BEACON_NOTE}です`,
    body: 'DRAND_URL が設定されていないため、デモ用にサーバーが受付終了時に生成する乱数で抽選します。誰も検証できず、本番では使えません。商品ページ・検証ページ・抽選記録にもそう表示されます。',
  },
  operator: {
    title: '公開ビーコンを使わない抽選です（UNVERIFIABLE_OPERATOR_BEACON）',
    body: `サーバーが受付終了時に生成する乱数で抽選するため、運営者が当選者を選べた可能性を誰も否定できません。商品ページ・検証ページ・抽選記録に「${OPERATOR_BEACON_NOTE}」と表示されます。公正さを示すには DRAND_URL（drand）を設定してください。`,
  },
};

/**
 * Staff see, before they set a presale up and while it runs, when its draw rests on bytes the server draws itself.
 * `fixed`: the source the presale fixed at setup; without one, what a presale set up now would get.
 */
export function BeaconWarning({ fixed }: { fixed: Source | null }) {
  const plan = fixed ?? beaconPlan()?.source ?? null;
  if (plan === 'drand') return null;
  if (plan === null) {
    return (
      <p className="rounded-lg border-2 border-error px-4 py-3 text-sm font-bold text-error">
        公開乱数ビーコン（drand）が設定されていないため、先行受付を設定できません（DRAND_URL）。
      </p>
    );
  }
  const warning = WARNINGS[plan];
  return (
    <div
      data-beacon-warning={plan}
      className="rounded-lg border-2 border-error bg-error/10 px-4 py-3 text-sm text-error"
    >
      <p className="font-bold">{warning.title}</p>
      <p className="mt-1">{warning.body}</p>
    </div>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { postJson, sendJson } from '@/lib/post-json';
import type { ResaleSettings } from '../schemas';

const input = 'mt-1 min-h-12 rounded border border-line bg-surface px-3';

/** The presale's resale settings: deadline, fee, pair rule and match times (audited on save). */
export function ResaleSettingsForm({ itemId, initial }: { itemId: string; initial: ResaleSettings }) {
  const router = useRouter();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-col gap-4 rounded-lg border border-line p-6"
      data-testid="resale-settings"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const result = await sendJson('PUT', `/api/staff/presales/${itemId}/resale`, value);
        setBusy(false);
        if (!result.ok) return toast.error(result.message);
        toast.success('リセールの設定を保存しました');
        router.refresh();
      }}
    >
      <h2 className="text-lg font-bold">設定</h2>
      <label className="flex flex-col text-sm">
        <span className="font-bold">出品の締切（日本時間。空欄ならリセールなし）</span>
        <input
          type="datetime-local"
          className={input}
          value={value.until}
          onChange={(e) => setValue({ ...value, until: e.target.value })}
        />
      </label>
      <label className="flex flex-col text-sm">
        <span className="font-bold">手数料（1枚あたり・出品者の返金額から差し引き。購入者は定価のみ）</span>
        <input
          type="number"
          min={0}
          max={5000}
          className={input}
          value={value.feeYen}
          onChange={(e) => setValue({ ...value, feeYen: Number(e.target.value) })}
        />
      </label>
      <label className="flex flex-col text-sm">
        <span className="font-bold">同行者分のチケット</span>
        <select
          className={input}
          value={value.pairRule}
          onChange={(e) => setValue({ ...value, pairRule: e.target.value as ResaleSettings['pairRule'] })}
        >
          <option value="single">1枚ずつ出品できる</option>
          <option value="pair">同じお申し込みのチケットはまとめて出品する</option>
        </select>
      </label>
      <label className="flex flex-col text-sm">
        <span className="font-bold">マッチング時刻（日本時間・毎日。カンマ区切り）</span>
        <input
          className={input}
          value={value.matchTimes}
          onChange={(e) => setValue({ ...value, matchTimes: e.target.value })}
        />
      </label>
      <Button type="submit" disabled={busy}>
        保存する
      </Button>
    </form>
  );
}

/** 今すぐマッチング: a round now, as at a match time (the demo's walk-through). */
export function MatchNowButton({ itemId }: { itemId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        disabled={busy}
        data-testid="resale-match-now"
        onClick={async () => {
          setBusy(true);
          const result = await postJson<{ round: { matched: number } | null }>(
            `/api/staff/presales/${itemId}/resale`,
            {},
          );
          setBusy(false);
          if (!result.ok) return toast.error(result.message);
          toast.success(
            result.data.round
              ? `マッチングしました（成立 ${result.data.round.matched}枚）`
              : 'この時刻のマッチングは実行済みか、乱数ビーコンを待っています',
          );
          router.refresh();
        }}
      >
        今すぐマッチング
      </Button>
      <p className="text-sm">
        決まった時刻と同じ抽選を今行います。出品中のチケットを、待機中の会員の中から抽選で割り当てます。
      </p>
    </div>
  );
}

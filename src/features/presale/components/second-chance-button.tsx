'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/post-json';

/**
 * 復活当選: a member whose application lost stays in line for seats that come back (a win unpaid, 制作開放席), or
 * leaves it. The draw among those in line is published like the first one.
 */
export function SecondChanceButton({ presaleId, inLine }: { presaleId: string; inLine: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (stay: boolean) => {
    setBusy(true);
    const result = await postJson(`/api/presales/${presaleId}/second-chance`, { stay });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setError(null);
    toast.success(stay ? '復活当選の抽選をお待ちいただけます。' : '復活当選の希望を取り消しました。');
    router.refresh();
  };
  return (
    <div
      className="space-y-2 rounded-lg bg-surface-sub px-4 py-3 text-sm"
      data-second-chance={inLine ? 'waiting' : 'none'}
    >
      {inLine ? (
        <>
          <p className="font-bold">復活当選 待機中</p>
          <p>
            お支払いのなかった席や制作開放席が出たとき、待機中の方の中から公開の抽選で当選を決めます。当選したらメールとお知らせでお伝えします。
          </p>
          <Button variant="text" disabled={busy} onClick={() => void send(false)}>
            希望を取り消す
          </Button>
        </>
      ) : (
        <>
          <p>
            お支払いのなかった席や制作開放席が出た場合に、落選した方の中から抽選する「復活当選」があります。
          </p>
          <Button variant="secondary" disabled={busy} onClick={() => void send(true)}>
            復活当選を希望する
          </Button>
        </>
      )}
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
    </div>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import { ConfirmAction } from '@/features/staff/ui';

const OFFLINE = '通信できませんでした。接続を確認して、もう一度お試しください。';
const FAILED = 'システムエラーが発生しました。時間をおいて再度お試しください。';

/** Ends a running grant now, asked first. */
export function RevokeGrantButton({
  memberId,
  grantId,
  lastDay,
}: {
  memberId: string;
  grantId: string;
  lastDay: string;
}) {
  const router = useRouter();
  async function revoke(): Promise<string | null> {
    let response: Response;
    try {
      response = await fetch(`/api/staff/members/${memberId}/grants/${grantId}`, { method: 'DELETE' });
    } catch {
      return OFFLINE;
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      return body?.error?.message ?? FAILED;
    }
    toast.success('無償付与を取り消しました');
    router.refresh();
    return null;
  }
  return (
    <ConfirmAction
      triggerLabel="取り消す"
      triggerName={`${lastDay}までの無償付与を取り消す`}
      title="無償付与を取り消しますか？"
      description={
        <p>{lastDay}までの無償付与を今すぐ終了します。有料の契約がなければ、この会員はゲストに戻ります。</p>
      }
      confirmLabel="取り消す"
      busyLabel="取り消しています…"
      onConfirm={revoke}
    />
  );
}

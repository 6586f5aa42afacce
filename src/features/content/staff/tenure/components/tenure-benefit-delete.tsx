'use client';

import { useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/post-json';
import { ConfirmAction } from '@/features/staff/ui';

/** Removes a benefit after asking: its holders no longer see it on My page. */
export function TenureBenefitDelete({ id, label }: { id: string; label: string }) {
  const router = useRouter();
  return (
    <ConfirmAction
      triggerLabel="削除"
      triggerName={`「${label}」の特典を削除`}
      title="この特典を削除しますか？"
      description={<p>「{label}」の会員のマイページに表示されなくなります。</p>}
      confirmLabel="削除する"
      busyLabel="削除しています…"
      onConfirm={async () => {
        const result = await postJson(`/api/staff/tenure-benefits/${id}/delete`, {});
        if (!result.ok) return result.message;
        toast.success('特典を削除しました');
        router.refresh();
        return null;
      }}
    />
  );
}

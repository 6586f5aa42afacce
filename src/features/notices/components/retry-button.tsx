'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { postJson } from '@/lib/post-json';

/** Puts one failed mail back in the queue. */
export function RetryButton({ id }: { id: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const result = await postJson(`/api/staff/deliveries/${id}/retry`, {});
        setBusy(false);
        if (!result.ok) return void toast.error(result.message);
        toast.success('再送を受け付けました');
        router.refresh();
      }}
    >
      {busy ? '処理しています…' : '再送する'}
    </Button>
  );
}

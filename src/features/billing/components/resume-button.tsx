'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { postJson } from '@/lib/post-json';

/** Takes a cancellation back: the membership renews again at the end of the period. */
export function ResumeButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      className="mt-4"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const result = await postJson('/api/billing/resume', {});
        setBusy(false);
        if (!result.ok) {
          toast.error(result.message);
          return;
        }
        toast.success('退会を取り消しました。引き続きお楽しみください。');
        router.refresh();
      }}
    >
      {busy ? '処理しています…' : '退会を取り消す'}
    </Button>
  );
}

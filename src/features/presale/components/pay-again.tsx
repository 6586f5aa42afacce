'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/lib/paths';
import { postJson } from '@/lib/post-json';

/** Pays a won application again on the card saved now (after the first charge was refused). */
export function PayAgainButton({ presaleId }: { presaleId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <Button
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const result = await postJson<{ status: 'paid' | 'requires_action' }>(
            `/api/presales/${presaleId}/payment`,
            {},
          );
          setBusy(false);
          if (!result.ok) {
            setError(result.message);
            return;
          }
          setError(null);
          // The card company asks for 3-D Secure: the charge waits on the authentication page.
          if (result.data.status === 'requires_action') return router.push(paths.authenticateWin(presaleId));
          toast.success('お支払いが完了しました。');
          router.refresh();
        }}
      >
        {busy ? '決済しています…' : 'もう一度支払う'}
      </Button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/post-json';

/** The owner cancels the event (中止): every payment is refunded and every participant told. Asked twice, once. */
export function CancelEventForm({ itemId }: { itemId: string }) {
  const router = useRouter();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="space-y-3 rounded-lg border border-error p-4"
      aria-label="公演の中止"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!confirming) {
          setConfirming(true);
          return;
        }
        setBusy(true);
        const result = await postJson(`/api/staff/presales/${itemId}/cancel`, { reason });
        setBusy(false);
        if (!result.ok) {
          setError(result.message);
          setConfirming(false);
          return;
        }
        toast.success('公演を中止にしました。返金と参加者へのお知らせを行います。');
        router.refresh();
      }}
    >
      <h2 className="font-bold">公演の中止</h2>
      <p className="text-sm">
        中止にすると、お支払い済みの代金はすべて返金され、未払いのコンビニ払い番号は無効になり、参加者全員にお知らせとメールが届きます。取り消せません。
      </p>
      <TextField
        label="中止の理由（記録に残ります）"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? '処理しています…' : confirming ? '本当に中止して全額返金する' : '公演を中止する'}
      </Button>
    </form>
  );
}

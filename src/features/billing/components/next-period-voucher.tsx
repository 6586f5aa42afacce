'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { postJson } from '@/lib/post-json';
import type { VoucherView } from '@/features/billing/voucher';
import { VoucherCard } from '@/features/billing/components/voucher-card';

/** My page: the next konbini period's voucher, issued when the fan asks (a konbini period never renews by itself). */
export function NextPeriodVoucher({
  planId,
  label,
  voucher: initial,
  sandbox,
}: {
  planId: string;
  label: string;
  voucher: VoucherView | null;
  sandbox: boolean;
}) {
  const [voucher, setVoucher] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (voucher?.status === 'pending') return <VoucherCard voucher={voucher} sandbox={sandbox} />;
  return (
    <div className="mt-4 flex flex-col gap-3">
      <FormError message={error} />
      <Button
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const result = await postJson<{ voucher: VoucherView }>('/api/billing/konbini', { planId });
          setBusy(false);
          if (result.ok) setVoucher(result.data.voucher);
          else setError(result.message);
        }}
      >
        {busy ? '発行しています…' : label}
      </Button>
    </div>
  );
}

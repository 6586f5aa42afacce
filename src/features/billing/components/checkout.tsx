'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { postJson } from '@/lib/post-json';
import { formatYen } from '@/lib/yen';
import type { CancelWay, TermsPlan } from '@/features/billing/terms';
import type { VoucherView } from '@/features/billing/voucher';
import { FinalConfirmation } from '@/features/billing/components/final-confirmation';
import { PaymentForm, type PaymentSetup } from '@/features/billing/components/payment-form';
import { VoucherCard } from '@/features/billing/components/voucher-card';

/**
 * The payment step as the final confirmation screen: the method (card, or konbini where the site offers it for the
 * plan), every term of the order for that method, and the button that confirms it. A voucher still payable is shown
 * instead, until it is paid or expires.
 */
export function Checkout({
  setup,
  plan,
  konbini,
  days,
  cancel,
  voucher: initialVoucher,
  onDone,
}: {
  setup: PaymentSetup;
  plan: TermsPlan & { id: string };
  konbini: boolean;
  days: number;
  cancel: CancelWay;
  voucher: VoucherView | null;
  onDone: () => void;
}) {
  const [method, setMethod] = useState<'card' | 'konbini'>('card');
  const [voucher, setVoucher] = useState(initialVoucher);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (voucher?.status === 'pending') {
    return <VoucherCard voucher={voucher} sandbox={setup.kind === 'sandbox'} onPaid={onDone} />;
  }
  return (
    <div className="flex flex-col gap-4">
      {konbini && (
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="mb-2 font-bold">お支払い方法</legend>
          {(['card', 'konbini'] as const).map((value) => (
            <label
              key={value}
              className="flex min-h-11 items-center gap-3 rounded-md border border-line px-3"
            >
              <input
                type="radio"
                name="method"
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
              />
              {value === 'card' ? 'クレジットカード（自動更新）' : 'コンビニ払い（自動更新なし）'}
            </label>
          ))}
        </fieldset>
      )}
      <FinalConfirmation plan={plan} method={method} days={days} cancel={cancel} />
      {method === 'card' ? (
        <PaymentForm
          setup={setup}
          action="/api/billing/subscribe"
          submitLabel={`上記の内容で確定し、${formatYen(plan.priceYen)}を支払う`}
          onDone={onDone}
        />
      ) : (
        <>
          <FormError message={error} />
          <Button
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              const result = await postJson<{ voucher: VoucherView }>('/api/billing/konbini', {
                planId: plan.id,
              });
              setBusy(false);
              if (result.ok) setVoucher(result.data.voucher);
              else setError(result.message);
            }}
          >
            {busy ? '発行しています…' : '上記の内容で確定し、お支払い番号を発行する'}
          </Button>
        </>
      )}
    </div>
  );
}

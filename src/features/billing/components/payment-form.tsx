'use client';

import { useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { Button } from '@/components/ui/button';
import { postJson } from '@/lib/post-json';
import { SandboxCardForm } from '@/features/billing/components/sandbox-card-form';
import { StripeCardForm } from '@/features/billing/components/stripe-card-form';

const SYNC_API = '/api/billing/sync';

export interface PaymentSetup {
  kind: 'stripe' | 'sandbox';
  publishableKey: string | null;
}

/**
 * Takes a card for the payment step (`/api/billing/subscribe`) or a card change (`/api/billing/card`). With Stripe
 * the server first answers a client secret, then Stripe's elements take and confirm the card; `onDone` runs once
 * the card was accepted.
 */
export function PaymentForm({
  setup,
  action,
  submitLabel,
  onDone,
}: {
  setup: PaymentSetup;
  action: string;
  submitLabel: string;
  onDone: () => void;
}) {
  const [started, setStarted] = useState<{ clientSecret: string; subscriptionId?: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (setup.kind === 'sandbox')
    return <SandboxCardForm action={action} submitLabel={submitLabel} onDone={onDone} />;
  if (!setup.publishableKey)
    return <FormError message="お支払いの設定が完了していません。運営にお問い合わせください。" />;
  if (started) {
    return (
      <StripeCardForm
        publishableKey={setup.publishableKey}
        clientSecret={started.clientSecret}
        mode={action.endsWith('/card') ? 'setup' : 'payment'}
        submitLabel={submitLabel}
        onConfirmed={async () => {
          // Read the subscription from Stripe now rather than wait for its webhook, so complete shows at once.
          if (started.subscriptionId) await postJson(SYNC_API, { subscriptionId: started.subscriptionId });
          onDone();
        }}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <FormError message={error} />
      <Button
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const result = await postJson<{ clientSecret?: string; subscriptionId?: string }>(action, {});
          setBusy(false);
          if (result.ok && result.data.clientSecret) {
            setStarted({
              clientSecret: result.data.clientSecret,
              subscriptionId: result.data.subscriptionId,
            });
          } else setError(result.ok ? null : result.message);
        }}
      >
        {busy ? '準備しています…' : 'カード情報の入力へ進む'}
      </Button>
    </div>
  );
}

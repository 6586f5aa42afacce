'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
// The pure entry: Stripe.js is fetched only when the fan starts a Stripe authentication (see stripe-card-form.tsx).
import { loadStripe } from '@stripe/stripe-js/pure';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/lib/paths';
import { postJson } from '@/lib/post-json';
import { describeCardError } from '@/features/billing';

export interface AuthenticateWinProps {
  presaleId: string;
  provider: 'stripe' | 'sandbox';
  publishableKey: string | null;
  clientSecret: string | null;
  paymentMethodId: string | null;
}

/**
 * The fan's 3-D Secure for a win's card charge (docs/decisions/0047). Stripe: Stripe.js shows the card company's
 * challenge for the waiting PaymentIntent; the sandbox: its stand-in of that page, two buttons. Either way our
 * server then reads the charge again and the win is paid once (a second click finds it paid).
 */
export function AuthenticateWin(props: AuthenticateWinProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function report(body: { approve?: boolean }) {
    const result = await postJson<{ status: 'paid' | 'requires_action' }>(
      `/api/presales/${props.presaleId}/payment/authenticate`,
      body,
    );
    if (!result.ok) return setError(result.message);
    if (result.data.status !== 'paid')
      return setError(describeCardError('payment_intent_authentication_failure'));
    toast.success('本人認証が完了し、お支払いが完了しました。');
    router.replace(`${paths.myPage()}#tickets`);
    router.refresh();
  }

  async function run(approve: boolean) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      if (props.provider === 'sandbox') return await report({ approve });
      if (!props.publishableKey || !props.clientSecret)
        return setError(describeCardError('processing_error'));
      const stripe = await loadStripe(props.publishableKey);
      if (!stripe) return setError(describeCardError('processing_error'));
      const confirmed = await stripe.confirmCardPayment(
        props.clientSecret,
        props.paymentMethodId ? { payment_method: props.paymentMethodId } : undefined,
      );
      if (confirmed.error) {
        setError(describeCardError(confirmed.error.code, confirmed.error.decline_code));
        return;
      }
      await report({});
    } finally {
      setBusy(false);
    }
  }

  if (props.provider === 'stripe') {
    return (
      <div className="space-y-3">
        <Button disabled={busy} onClick={() => run(true)}>
          {busy ? '認証しています…' : '本人認証へ進む'}
        </Button>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <section
      aria-labelledby="sandbox-3ds-heading"
      className="space-y-4 rounded-lg border-2 border-dashed border-line p-4"
      data-testid="sandbox-3ds"
    >
      <h2 id="sandbox-3ds-heading" className="font-bold">
        カード会社の本人認証（テスト環境）
      </h2>
      <p className="text-sm">
        本番ではカード会社の認証画面が表示されます。テスト環境では、下のボタンで認証の結果を選びます。
      </p>
      <div className="flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => run(true)}>
          {busy ? '認証しています…' : '認証する'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => run(false)}>
          認証しない
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </section>
  );
}

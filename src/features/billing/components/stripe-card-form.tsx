'use client';

import { useState, type FormEvent } from 'react';
// The pure entry: the package's main one injects Stripe.js on import, so the sandbox's form (which imports this
// module) would fetch js.stripe.com on every payment page. Stripe.js now loads only when a Stripe form is shown.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '@/components/ui/button';
import { describeCardError } from '@/features/billing/card-errors';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js is fetched from js.stripe.com only when a card form is shown, and once per key. */
function stripeFor(publishableKey: string): Promise<Stripe | null> | null {
  if (typeof window === 'undefined') return null;
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

export interface StripeCardFormProps {
  publishableKey: string;
  /** The first invoice's payment (`payment`) or a card change's SetupIntent (`setup`). */
  clientSecret: string;
  mode: 'payment' | 'setup';
  submitLabel: string;
  /** Runs once Stripe accepted the card; the webhook brings the result to our database. */
  onConfirmed: () => void | Promise<void>;
}

/** Card entry with Stripe's own elements: the card number never reaches our server. */
export function StripeCardForm({ publishableKey, clientSecret, ...form }: StripeCardFormProps) {
  return (
    // A new client secret needs new elements: Elements does not take another secret once mounted.
    <Elements key={clientSecret} stripe={stripeFor(publishableKey)} options={{ clientSecret, locale: 'ja' }}>
      <ConfirmForm {...form} />
    </Elements>
  );
}

function ConfirmForm({
  mode,
  submitLabel,
  onConfirmed,
}: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setError(null);
    try {
      // Cards confirm in place (3-D Secure in Stripe's own dialog); return_url only serves a redirecting method.
      const options = {
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      } as const;
      const result =
        mode === 'payment' ? await stripe.confirmPayment(options) : await stripe.confirmSetup(options);
      if (result.error) {
        // Incomplete fields are explained by the element itself, in Japanese; refusals by our own wording.
        const { type, code, decline_code: declineCode, message } = result.error;
        setError(type === 'validation_error' && message ? message : describeCardError(code, declineCode));
        return;
      }
      await onConfirmed();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <PaymentElement />
      {error ? (
        <p role="alert" className="text-sm font-bold text-(--color-error)">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={!stripe || !elements || busy} aria-busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

import type { PaymentProviderKind } from '@/server/payments/types';

interface PaymentsEnv {
  NODE_ENV: 'development' | 'production' | 'test';
  PAYMENTS_PROVIDER?: PaymentProviderKind | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
}

/**
 * Which payment provider serves this process. The sandbox takes no money: a production server runs it only when
 * PAYMENTS_PROVIDER=sandbox says so by name, never because a Stripe key was forgotten.
 */
export function choosePaymentProvider(env: PaymentsEnv): PaymentProviderKind {
  const kind = env.PAYMENTS_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
  if (kind === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  }
  if (kind === 'sandbox' && env.NODE_ENV === 'production' && env.PAYMENTS_PROVIDER !== 'sandbox') {
    throw new Error(
      'Refusing to run the sandbox payment provider in production: set STRIPE_SECRET_KEY and ' +
        'STRIPE_WEBHOOK_SECRET, or PAYMENTS_PROVIDER=sandbox to run the demo without payments.',
    );
  }
  return kind;
}

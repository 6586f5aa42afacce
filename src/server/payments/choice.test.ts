import { describe, expect, it } from 'vitest';
import { choosePaymentProvider } from '@/server/payments/choice';

const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

describe('choosePaymentProvider', () => {
  it('uses the sandbox by default outside production', () => {
    expect(choosePaymentProvider({ NODE_ENV: 'development' })).toBe('sandbox');
    expect(choosePaymentProvider({ NODE_ENV: 'test' })).toBe('sandbox');
  });

  it('refuses the sandbox in production unless it is chosen by name', () => {
    expect(() => choosePaymentProvider({ NODE_ENV: 'production' })).toThrow(/Refusing to run the sandbox/);
    expect(choosePaymentProvider({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'sandbox' })).toBe('sandbox');
  });

  it('uses Stripe when its keys are set, and insists on both', () => {
    expect(choosePaymentProvider({ NODE_ENV: 'production', ...stripeKeys })).toBe('stripe');
    expect(() => choosePaymentProvider({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => choosePaymentProvider({ NODE_ENV: 'development', PAYMENTS_PROVIDER: 'stripe' })).toThrow();
  });
});

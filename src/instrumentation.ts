import type { Instrumentation } from 'next';

export async function register(): Promise<void> {
  const { env } = await import('@/server/env');
  if (env.NEXT_RUNTIME !== 'nodejs') return;
  // Fails the start, not the first payment, when production would run on the sandbox by accident.
  const { choosePaymentProvider } = await import('@/server/payments/choice');
  choosePaymentProvider(env);
  if (!env.SENTRY_DSN) return;
  const [Sentry, { sentryOptions }] = await Promise.all([
    import('@sentry/nextjs'),
    import('@/lib/sentry/options'),
  ]);
  Sentry.init(sentryOptions(env.SENTRY_DSN));
}

export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  const { env } = await import('@/server/env');
  if (env.NEXT_RUNTIME === 'nodejs') {
    // The front server turns Next.js's 500 into a 503 with Retry-After when the database caused it (next-status.ts).
    const { dbHealth } = await import('@/server/db/health');
    dbHealth().report(args[0]);
  }
  if (!env.SENTRY_DSN) return;
  const Sentry = await import('@sentry/nextjs');
  Sentry.captureRequestError(...args);
};

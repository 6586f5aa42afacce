import type { Instrumentation } from 'next';
import type { DbHealth } from '@/server/db/health';
import { madeProcessWide } from '@/server/process-wide';

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
  // The front server turns Next.js's 500 into a 503 with Retry-After when the database caused it (next-status.ts),
  // which it decides when Next.js writes the status line. Reported before the first await: behind an import of the
  // health module, the report sometimes came after that line was written, and a lock timeout went out as a 500. The
  // record exists only in the Node.js runtime, where the front server made it.
  madeProcessWide<DbHealth>('db-health')?.report(args[0]);
  const { env } = await import('@/server/env');
  if (!env.SENTRY_DSN) return;
  const Sentry = await import('@sentry/nextjs');
  Sentry.captureRequestError(...args);
};

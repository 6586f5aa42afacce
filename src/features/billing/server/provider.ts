import 'server-only';
import { env } from '@/server/env';
import { getDb } from '@/server/db';
import { choosePaymentProvider } from '@/server/payments/choice';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { createStripeProvider, type StripeProvider } from '@/server/payments/stripe';
import { handleBillingEvent } from '@/features/billing/server/events';

let provider: Promise<SandboxProvider | StripeProvider> | null = null;

/**
 * The process's payment provider, chosen once from the environment. The sandbox reports its changes through the
 * same event handler as Stripe's webhooks, so both providers reach the database by one path.
 */
export function getPaymentProvider(): Promise<SandboxProvider | StripeProvider> {
  provider ??= (async () => {
    const kind = choosePaymentProvider(env);
    if (kind === 'stripe') {
      return createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY!,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        ...(env.STRIPE_API_BASE ? { api: apiAt(env.STRIPE_API_BASE) } : {}),
      });
    }
    const db = await getDb();
    const sandbox: SandboxProvider = createSandboxProvider(db, async (event) => {
      await handleBillingEvent(db, sandbox, event);
    });
    return sandbox;
  })();
  return provider;
}

/** The SDK's host, port and protocol for a stand-in of Stripe's API (STRIPE_API_BASE, loopback http only). */
function apiAt(base: string) {
  const url = new URL(base);
  return { host: url.hostname, port: Number(url.port || 80), protocol: 'http' as const };
}

export function isSandbox(candidate: SandboxProvider | StripeProvider): candidate is SandboxProvider {
  return candidate.kind === 'sandbox';
}

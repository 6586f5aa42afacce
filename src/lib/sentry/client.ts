import * as Sentry from '@sentry/nextjs';
import { REPLAY_PRIVACY, sentryOptions } from '@/lib/sentry/options';

// Loaded on demand by instrumentation-client.ts only when a DSN is configured, so it costs nothing otherwise.
export function initSentryClient(dsn: string): void {
  Sentry.init({ ...sentryOptions(dsn), integrations: [Sentry.replayIntegration(REPLAY_PRIVACY)] });
}

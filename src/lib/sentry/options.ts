/** Spec 7 and 9: errors only; no tracing, no session replay, and a replay (if ever taken) shows no text or media. */
export const SENTRY_ENVIRONMENT = 'production';

export function sentryOptions(dsn: string) {
  return {
    dsn,
    environment: SENTRY_ENVIRONMENT,
    tracesSampleRate: 0,
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 0,
    sendDefaultPii: false,
  } as const;
}

export const REPLAY_PRIVACY = { maskAllText: true, blockAllMedia: true } as const;

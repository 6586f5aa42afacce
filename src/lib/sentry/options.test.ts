import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPLAY_PRIVACY, sentryOptions } from '@/lib/sentry/options';

const init = vi.fn();
const replayIntegration = vi.fn((options: unknown) => ({ name: 'Replay', options }));
vi.mock('@sentry/nextjs', () => ({ init, replayIntegration, captureRequestError: vi.fn() }));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  init.mockClear();
});

describe('error reporting', () => {
  it('has the sample rates and environment of spec 9', () => {
    expect(sentryOptions('https://key@o0.ingest.sentry.io/1')).toMatchObject({
      tracesSampleRate: 0,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 0,
      environment: 'production',
    });
  });

  it('masks all text and blocks all media in a replay', async () => {
    const { initSentryClient } = await import('@/lib/sentry/client');
    initSentryClient('https://key@o0.ingest.sentry.io/1');
    expect(replayIntegration).toHaveBeenCalledWith({ maskAllText: true, blockAllMedia: true });
    expect(REPLAY_PRIVACY).toEqual({ maskAllText: true, blockAllMedia: true });
  });

  it('stays off on the server without a DSN and starts with one', async () => {
    vi.stubEnv('NEXT_RUNTIME', 'nodejs');
    vi.stubEnv('NEXT_PUBLIC_SENTRY_DSN', '');
    await (await import('@/instrumentation')).register();
    expect(init).not.toHaveBeenCalled();

    vi.resetModules();
    vi.stubEnv('NEXT_PUBLIC_SENTRY_DSN', 'https://key@o0.ingest.sentry.io/1');
    await (await import('@/instrumentation')).register();
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({ dsn: 'https://key@o0.ingest.sentry.io/1', tracesSampleRate: 0 }),
    );
  });
});

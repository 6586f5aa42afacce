import { publicEnv } from '@/lib/public-env';

const dsn = publicEnv.sentryDsn;
if (dsn) {
  void import('@/lib/sentry/client').then(({ initSentryClient }) => initSentryClient(dsn));
}

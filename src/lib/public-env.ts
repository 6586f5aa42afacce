/**
 * Values the browser bundle needs, inlined by Next.js at build time. The only place that reads NEXT_PUBLIC_*
 * variables; the server's variables are read in server/env.ts.
 */
export const publicEnv = {
  // eslint-disable-next-line no-restricted-properties -- inlined at build time; see the comment above
  sentryDsn: process.env.NEXT_PUBLIC_SENTRY_DSN || undefined,
};

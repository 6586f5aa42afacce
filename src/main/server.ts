/**
 * The app's server, one process per instance: Next.js behind the front server (docs/decisions/0012) and every
 * background job on one runner (0038). Loaded by ./index.ts once the process is set for production. Several instances
 * may serve one PostgreSQL database: all state is there, and each instance's page cache follows the sites' page-cache
 * generations.
 */
import http from 'node:http';
import next from 'next';
import { env, appPoolOptions, listenHost } from '@/server/env';
import { connectPostgres, statementsAtOnce } from '@/server/db/client';
import { createJobRunner } from '@/server/jobs';
import { guardRequests } from '@/server/http/request-guard';
import { countInFlight, crowdedFor } from '@/server/http/in-flight';
import { directGate } from '@/server/http/direct-routes';
import { startFront } from '@/features/front/server';
import { paymentReconciliationJob } from '@/features/billing/server';
import { presaleJob } from '@/features/presale/server';
import { startChatHub } from '@/features/chat/server';
import { ticketIssueJob } from '@/features/tickets/server';
import { resaleJob } from '@/features/resale/server';
import { firebaseIdentity, recheckInBackground } from '@/features/auth/server';
import { birthdayGreetingJob, mailDeliveryJobFromEnv, renewalReminderJob } from '@/features/notices/server';
import { supportRetentionJob } from '@/features/support/server';
import { DIRECT_ROUTES } from '@/app/direct-routes';

if (!env.DATABASE_URL)
  throw new Error('DATABASE_URL is required (npm start sets it for the embedded database).');
const app = next({ dev: false, dir: process.cwd(), port: env.PORT, hostname: 'localhost' });
await app.prepare();
// The same pool as the app's own getDb() inside Next.js (shared: see connectPostgres).
const db = connectPostgres(env.DATABASE_URL, appPoolOptions());
// LISTEN needs a session of its own: past a transaction-mode pooler when DATABASE_DIRECT_URL names the way (0044);
// without one, the front server polls the generations every second instead.
const listener =
  env.DATABASE_POOLER && env.DATABASE_DIRECT_URL
    ? connectPostgres(env.DATABASE_DIRECT_URL, { max: 1 })
    : null;
const front = startFront({
  db: db.db,
  listen: (listener ?? db).listen,
  next: app.getRequestHandler(),
  countHeader: env.DB_QUERY_COUNT_HEADER === 'true',
  trustedProxies: env.TRUSTED_PROXIES,
  // The addresses answered without Next.js, listed beside app/ (decision 0034); as many at once as the pool takes
  // statements, the others in their order of arrival (decision 0060).
  directRoutes: DIRECT_ROUTES,
  directGate: directGate(statementsAtOnce(env.DB_POOL_MAX, env.DATABASE_POOLER)),
  // A session due for its periodic check is checked beside the page, which never waits for the provider.
  recheck: (site, access) =>
    recheckInBackground({ db: db.db, identity: firebaseIdentity }, site, {
      idHash: access.sessionHash,
      siteId: access.siteId,
      uid: access.uid,
      email: access.email,
      authTime: access.authTime,
    }),
});
// The live chat's fan-out (decision 0051): every instance hears each room's new events through the same LISTEN.
const chat = startChatHub({ db: db.db, listen: (listener ?? db).listen });
// A malformed path or router header gets a 400 before anything else reads it (Next.js would answer 500).
const handle = guardRequests(front.handler);
const server = http.createServer((req, res) => {
  countInFlight(req, res);
  handle(req, res);
});
// The demo (DEMO_MODE, with the Auth emulator's unsigned tokens) is reachable from this machine only unless HOST says.
const host = listenHost(env);
server.listen(env.PORT, host, () =>
  console.log(`Ready on http://localhost:${env.PORT} (${host ?? 'every interface'})`),
);
// Every background job, run by one runner (docs/decisions/0038): each job's lease in the database lets one instance
// run it per due time; the owner sees them at /staff/jobs.
const mailDelivery = mailDeliveryJobFromEnv();
// The jobs' statements on connections of their own (on a PostgreSQL server; the embedded database serves one): a
// fan's query is never queued behind a job's long one (a voucher batch) on a shared connection, as postgres.js
// pipelines (issue 40, decision 0055).
const jobsDb =
  env.DB_POOL_MAX > 1
    ? connectPostgres(env.DATABASE_URL, { ...appPoolOptions(), max: 2, shared: false })
    : db;
const jobs = createJobRunner({
  db: jobsDb.db,
  // While a crowd waits for answers (a presale's opening or result time: 32 at once for a second and more), mails
  // and vouchers wait (at most a minute), before a run and between a run's items: a run paying a presale's wins that
  // began before the results wave pauses within its first second instead of working through it (issue 40). Not at
  // once: a page's scripts and pictures make a crowd of a moment (decision 0055).
  busy: () => crowdedFor(1_000),
  jobs: [
    // Payments a crash or an outage left half-done are finished (or refunded), every 30 s.
    paymentReconciliationJob,
    // Presales closed, drawn, announced and paid (docs/decisions/0031, 0032).
    presaleJob,
    // E-tickets of paid wins at each presale's 発券日 (docs/decisions/0033).
    ticketIssueJob,
    // 公式リセール: match rounds at the staff's times, payments, ticket moves and refunds (docs/decisions/0049).
    resaleJob,
    // Notices' mails (docs/decisions/0028): rows are claimed once; none without SMTP_URL.
    ...(mailDelivery ? [mailDelivery] : []),
    renewalReminderJob,
    // The birthday greetings of the day, once per member and year (issue 43, docs/decisions/0052).
    birthdayGreetingJob,
    // お問い合わせ kept two years after their last message (docs/decisions/0053).
    supportRetentionJob,
  ],
});
jobs.start();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    front.stop();
    chat.stop();
    const jobsStopped = jobs.stop();
    server.close();
    server.closeAllConnections();
    const poolsClosed = jobsStopped.then(() => Promise.all([db.close(), jobsDb !== db && jobsDb.close()]));
    void Promise.all([app.close(), listener?.close(), poolsClosed]).finally(() => process.exit(0));
  });
}

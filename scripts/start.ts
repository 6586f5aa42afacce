/**
 * `npm start`: everything the demo needs on the embedded defaults, then the app on http://localhost:PORT.
 * With DATABASE_URL set it uses that PostgreSQL server instead of the embedded PGlite; with the FIREBASE_API_KEY_*
 * variables set it uses the real identity provider instead of the embedded Auth emulator.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { directDatabase, env } from '@/server/env';
import { connectPostgres } from '@/server/db/client';
import { startEmbeddedDb, type EmbeddedDb } from '@/server/db/embedded';
import { runMigrations } from '@/server/db/migrate';
import { seedDemo } from './lib/seed';
import { seedDemoMembers } from './lib/seed-members';
import { seedDemoPresales } from './lib/seed-presales';
import { seedShowToday } from './lib/seed-show-today';
import { seedDemoResale } from './lib/seed-resale';
import { seedDemoStaff } from './lib/seed-staff';
import { seedDemoContent } from './lib/seed-content';
import { APP_SERVER_FLAGS, ensureBuild, SERVER_ENTRY } from './lib/build';
import { startAuthEmulator, type AuthEmulator } from './lib/auth-emulator';
import { seedAuthEmulator } from './lib/seed-auth';
import { startMailCatcher, type MailCatcher } from './lib/mail-catcher';
import { hasMediaServer, startMediaServer, type MediaServer } from './lib/media-server';

const paymentsProvider = env.PAYMENTS_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
const usesRealProvider = !env.FIREBASE_AUTH_EMULATOR_HOST && env.FIREBASE_API_KEY_FC_SITE_001 !== undefined;

let embedded: EmbeddedDb | null = null;
let emulator: AuthEmulator | null = null;
let mailCatcher: MailCatcher | null = null;
let mediaServer: MediaServer | null = null;

/** The Auth emulator and the mail catcher on their way up: a failed start waits for them before it stops them. */
let starting: Promise<unknown> = Promise.resolve();

async function startEmulator(): Promise<void> {
  if (usesRealProvider || env.FIREBASE_AUTH_EMULATOR_HOST) return;
  emulator = await startAuthEmulator({
    projectId: env.FIREBASE_PROJECT_ID,
    port: env.AUTH_EMULATOR_PORT,
    dir: path.join(env.DATA_DIR, 'auth'),
    persist: true,
    quiet: true,
  });
}

/** Without a mail server of its own, the demo's mails go to a local catcher whose web UI shows them. */
async function startCatcher(): Promise<void> {
  if (env.SMTP_URL) return;
  mailCatcher = await startMailCatcher({
    smtpPort: env.MAIL_CATCHER_PORT,
    dir: path.join(env.DATA_DIR, 'mail'),
  });
}

async function stopServices(): Promise<void> {
  await mediaServer?.stop().catch(() => {});
  await mailCatcher?.stop().catch(() => {});
  await emulator?.stop().catch(() => {});
  await embedded?.stop().catch(() => {});
}

async function main(): Promise<void> {
  const started = Date.now();
  // The Auth emulator and the mail catcher start beside the database's setup, each a server of its own: on two
  // cores the demo (and each browser test run) is up about ten seconds sooner.
  starting = Promise.all([startEmulator(), startCatcher()]);
  // Awaited below; marked handled now, so that a service failing while the database is set up stops the start there.
  starting.catch(() => {});
  if (!env.DATABASE_URL) embedded = await startEmbeddedDb(env.DATA_DIR);
  const databaseUrl = env.DATABASE_URL ?? embedded!.url;
  // Migrations and seeding past a transaction-mode pooler, when the way is given (decision 0044): a migration is
  // one long transaction, and the pooler's statement_timeout would cut it.
  const direct = directDatabase() ?? { url: databaseUrl, pooler: null };
  const connectSetup = () => connectPostgres(direct.url, { max: 1, pooler: direct.pooler });

  const setup = connectSetup();
  await runMigrations(setup);
  const sites = await seedDemo(setup.db);
  const items = await seedDemoContent(setup.db, sites, {
    // eslint-disable-next-line no-restricted-properties -- a switch of the end-to-end tests, not a setting
    canaries: process.env.SEED_CANARIES === 'true',
    dataDir: env.DATA_DIR,
  });
  await setup.close();
  await starting;
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST ?? emulator?.host;
  if (items > 0) console.log(`Demo content written: ${items} items with their images and videos`);
  console.log(
    `Database ready (${embedded ? `embedded PGlite in ${env.DATA_DIR}` : 'DATABASE_URL'}); sites: ${sites.map((s) => s.slug).join(', ')}`,
  );
  if (emulatorHost) {
    const users = await seedAuthEmulator(
      emulatorHost,
      env.FIREBASE_PROJECT_ID,
      sites.map((site) => ({ slug: site.slug, tenantId: site.config.TENANT_ID })),
    );
    const count = Object.values(users).reduce((sum, list) => sum + list.length, 0);
    const staff = connectSetup();
    await seedDemoStaff(staff.db, sites, users);
    await staff.close();
    if (paymentsProvider === 'sandbox') {
      const members = connectSetup();
      await seedDemoMembers(members.db, sites, users);
      await seedDemoPresales(members.db, sites, users);
      await seedDemoResale(members.db, sites, users);
      // eslint-disable-next-line no-restricted-properties -- a switch of the end-to-end tests, not a setting
      if (process.env.SEED_SHOW_TODAY === 'true') await seedShowToday(members.db, sites, users);
      await members.close();
    }
    console.log(`Auth emulator at http://${emulatorHost}: ${sites.length} tenants, ${count} demo accounts`);
  }

  await ensureBuild(JSON.stringify({ sentry: env.SENTRY_DSN ?? null }));
  const mediaUrlSecret = await demoSecret('MEDIA_URL_SECRET', 'media-url-secret');
  const altchaHmacKey = await demoSecret('ALTCHA_HMAC_KEY', 'altcha-hmac-key');
  const noticeTokenSecret = await demoSecret('NOTICE_TOKEN_SECRET', 'notice-token-secret');
  const ticketSigningSecret = await demoSecret('TICKET_SIGNING_SECRET', 'ticket-signing-secret');
  const liveUrlSecret = await demoSecret('LIVE_URL_SECRET', 'live-url-secret');
  // The live streams' media server (decision 0050), unless LIVE_HLS_URL names one run elsewhere: nginx-rtmp takes
  // the encoder's RTMP and serves HLS by signed URLs on its own port, and calls the app back on its port.
  if (!env.LIVE_HLS_URL) {
    if (hasMediaServer()) {
      mediaServer = await startMediaServer({
        dir: path.join(env.DATA_DIR, 'live'),
        rtmpPort: env.LIVE_RTMP_PORT ?? 1935,
        httpPort: env.LIVE_HTTP_PORT ?? env.PORT + 40,
        appUrl: `http://127.0.0.1:${env.PORT}`,
        secret: liveUrlSecret,
      }).catch((error: unknown) => {
        console.warn('No live streaming: its media server did not start.', error);
        return null;
      });
    } else {
      console.warn(
        'No live streaming: apt-get install nginx libnginx-mod-rtmp ffmpeg to run its media server.',
      );
    }
  }
  // Pages cached by an earlier start may come from another database (a fresh DATA_DIR, another DATABASE_URL):
  // each start renders them afresh from the data it serves.
  await rm(path.resolve('.next/server/route-cache'), { recursive: true, force: true });

  // The compiled server (src/main, docs/decisions/0012 and 0040), with its memory kept within what the app server
  // may use under load: a bounded heap and a small young generation.
  const app = spawn(process.execPath, [...APP_SERVER_FLAGS, SERVER_ENTRY], {
    stdio: 'inherit',
    env: {
      // eslint-disable-next-line no-restricted-properties -- the app inherits this process's environment
      ...process.env,
      PORT: String(env.PORT),
      DATABASE_URL: databaseUrl,
      // The embedded database multiplexes one session: one connection keeps transactions apart.
      DB_POOL_MAX: embedded ? '1' : String(env.DB_POOL_MAX),
      // The emulator signs no token: the server accepts it only as the demo, which says so on every page and
      // listens on the loopback interface unless HOST is set (docs/decisions/0019).
      ...(emulatorHost
        ? { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, DEMO_MODE: env.DEMO_MODE ?? 'true' }
        : {}),
      // The demo takes no money: without Stripe's keys it chooses the sandbox by name (a production server
      // refuses the sandbox otherwise).
      PAYMENTS_PROVIDER: paymentsProvider,
      MEDIA_URL_SECRET: mediaUrlSecret,
      ALTCHA_HMAC_KEY: altchaHmacKey,
      NOTICE_TOKEN_SECRET: noticeTokenSecret,
      TICKET_SIGNING_SECRET: ticketSigningSecret,
      LIVE_URL_SECRET: liveUrlSecret,
      ...(mediaServer ? { LIVE_HLS_URL: mediaServer.hlsUrl, LIVE_INGEST_URL: mediaServer.ingestUrl } : {}),
      SMTP_URL: env.SMTP_URL ?? mailCatcher!.smtpUrl,
      // glibc's per-thread malloc arenas hold memory the app never uses again.
      MALLOC_ARENA_MAX: '2',
    },
  });
  if (mailCatcher)
    console.log(`Mail catcher at ${mailCatcher.webUrl}: every mail the demo sends is shown there`);
  if (mediaServer)
    console.log(
      `Media server: OBS publishes to ${mediaServer.ingestUrl}, members watch from ${mediaServer.hlsUrl}`,
    );
  console.log(`Starting the app at http://localhost:${env.PORT} (setup took ${Date.now() - started} ms)`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      app.kill(signal);
      // The emulator saves its accounts meanwhile, so that shutting down takes one wait, not two.
      void emulator?.stop();
      void mailCatcher?.stop();
      void mediaServer?.stop();
    });
  }
  app.on('exit', (code) => {
    void stopServices().then(() => process.exit(code ?? 0));
  });
}

/**
 * A key of the app, from the environment when set, else one made for this data directory and kept in it, so that
 * what was signed before a restart still checks and every instance on the same data agrees: MEDIA_URL_SECRET signs
 * premium media URLs, ALTCHA_HMAC_KEY the sign-up's challenges (docs/decisions/0024), NOTICE_TOKEN_SECRET the
 * mails' unsubscribe links (docs/decisions/0028), TICKET_SIGNING_SECRET the ticket and card codes (docs/decisions/0033).
 */
async function demoSecret(
  name:
    | 'MEDIA_URL_SECRET'
    | 'ALTCHA_HMAC_KEY'
    | 'NOTICE_TOKEN_SECRET'
    | 'TICKET_SIGNING_SECRET'
    | 'LIVE_URL_SECRET',
  fileName: string,
): Promise<string> {
  // eslint-disable-next-line no-restricted-properties -- env.ts fills in a development default, refused by `next start`
  const set = process.env[name];
  if (set) return set;
  const file = path.join(env.DATA_DIR, fileName);
  const kept = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (kept.length >= 32) return kept;
  const secret = randomBytes(32).toString('base64url');
  await mkdir(env.DATA_DIR, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await starting.catch(() => {});
  await stopServices();
  process.exit(1);
});

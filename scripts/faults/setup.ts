import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { createApp, type App } from './app';
import { createCluster, type Cluster } from './cluster';
import type { FanContext } from './fans';
import { freePort } from './ports';
import { sandboxSide, type PaymentSide } from './side';
import { startStripe, stripeSide } from './stripe';

/**
 * The suite's own world in a temporary directory: a PostgreSQL cluster, the Auth emulator, the demo seeded as
 * `npm start` seeds it, and the production app served as `npm start` serves it. Every piece registers its own
 * clean-up as soon as it exists, so that a failure half-way leaves nothing running.
 */
export interface World {
  tmp: string;
  cluster: Cluster;
  app: App;
  sql: postgres.Sql;
  emulatorPid: number;
  siteId: string;
  fans: FanContext;
  /** The demo's premium member, signed in (a session row written as a sign-in writes it). */
  memberCookie: string;
  /** How fans pay and how the provider's books are read (the sandbox, or Stripe's stand-in). */
  payments: PaymentSide;
}

/* eslint-disable no-restricted-properties -- the suite's own switches: where a run beside another keeps to itself */
const port = (name: string, fallback: number) => Number(process.env[name] || fallback);
const PORTS = {
  postgres: port('FAULTS_PG_PORT', 55432),
  app: port('FAULTS_APP_PORT', 3400),
  emulator: port('FAULTS_EMULATOR_PORT', 9599),
};
/* eslint-enable no-restricted-properties */
export const EMULATOR_PORT = PORTS.emulator;

export async function createWorld(
  cleanups: (() => Promise<unknown>)[],
  options: { provider: 'sandbox' | 'stripe' } = { provider: 'sandbox' },
): Promise<World> {
  const started = Date.now();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'fc-faults-'));
  // The postgres account must reach its cluster inside (as root, the cluster is that account's).
  await chmod(tmp, 0o755);
  cleanups.push(async () => {
    // eslint-disable-next-line no-restricted-properties -- a switch of the suite, for looking into a failure
    const keep = process.env.FAULTS_APP_LOG;
    if (keep) await copyFile(path.join(tmp, 'app.log'), keep).catch(() => {});
    await rm(tmp, { recursive: true, force: true });
  });
  const cluster = await createCluster(tmp, await freePort(PORTS.postgres));
  cleanups.push(() => cluster.stop('immediate').catch(() => {}));
  console.log(`PostgreSQL cluster in ${tmp} ready at ${cluster.url} after ${Date.now() - started} ms`);
  const appPort = await freePort(PORTS.app);
  const dataDir = path.join(tmp, 'data');
  const emulatorHost = `127.0.0.1:${EMULATOR_PORT}`;
  const appEnv: NodeJS.ProcessEnv = {
    // eslint-disable-next-line no-restricted-properties -- the app inherits the suite's environment, as npm start's
    ...process.env,
    PORT: String(appPort),
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    // The emulator's unsigned tokens: a production server takes them only as the demo (docs/decisions/0019).
    DEMO_MODE: 'true',
    PAYMENTS_PROVIDER: 'sandbox',
    MEDIA_URL_SECRET: randomBytes(32).toString('base64url'),
    ALTCHA_HMAC_KEY: randomBytes(32).toString('base64url'),
    NOTICE_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    TICKET_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    MALLOC_ARENA_MAX: '2',
    NEXT_TELEMETRY_DISABLED: '1',
    // Its forty fans sign up and pay from one address, and retry through every fault.
    RATE_LIMIT_SCALE: '100',
  };
  // The seeding modules read the environment once, when first imported: it must name this world before that.
  // eslint-disable-next-line no-restricted-properties -- see above
  Object.assign(process.env, appEnv);
  const { seedWorld } = await import('./seed');
  const seeded = await seedWorld({
    databaseUrl: cluster.url,
    dataDir,
    emulatorPort: EMULATOR_PORT,
    tmp,
    cleanups,
  });
  const emulatorPid = Number(
    await readFile(path.resolve('.data', `auth-emulator-${EMULATOR_PORT}.pid`), 'utf8'),
  );

  // With Stripe, the app alone takes the stand-in for Stripe; the seeding above wrote the demo's sandbox members.
  const stripe = options.provider === 'stripe' ? await startStripe() : null;
  const app = createApp({
    port: appPort,
    env: { ...appEnv, ...(stripe?.env ?? {}) },
    logFile: path.join(tmp, 'app.log'),
  });
  cleanups.push(app.stop);
  console.log(`Seeded (and built if needed) after ${Date.now() - started} ms`);
  const startMs = await app.start();
  console.log(
    `App ready at ${app.base} in ${startMs} ms (pid ${app.pid()}), ${Date.now() - started} ms in all`,
  );

  const sql = postgres(cluster.url, { max: 3, onnotice: () => {}, connect_timeout: 5 });
  cleanups.push(() => sql.end({ timeout: 2 }));
  const [site] = await sql<{ id: string; tenant: string }[]>`
    select id, config->>'TENANT_ID' as tenant from sites where slug = 'mio'`;
  const [plan] = await sql<{ id: string }[]>`
    select id from plans where site_id = ${site!.id} and code = 'monthly'`;
  const fans = { base: app.base, emulatorHost, tenantId: site!.tenant, planId: plan!.id };
  const payments = stripe
    ? stripeSide(stripe.standIn, sql, site!.id, fans)
    : sandboxSide(sql, site!.id, fans);
  cleanups.push(payments.close);
  return {
    tmp,
    cluster,
    app,
    sql,
    emulatorPid,
    siteId: site!.id,
    fans,
    memberCookie: seeded.memberCookie,
    payments,
  };
}

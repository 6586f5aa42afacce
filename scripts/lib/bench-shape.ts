/**
 * The app as `npm run bench:presale` runs it: one instance on PostgreSQL directly (as `npm start` does), or with
 * `--instances N` the production shape (docs/decisions/0044): N instances of the compiled server behind nginx
 * (deploy/nginx.conf, scripts/lib/edge.ts) on PgBouncer in session mode (deploy/pgbouncer.ini, lib/pooler.ts).
 * The first instance is `npm start`'s (it migrates and seeds past the pooler, starts the Auth emulator and the mail
 * catcher, builds when needed); the others run beside it with the same keys, each on the next port.
 */
import { dbTimeouts } from '@/server/env';
import { descendantsOf, listenerPid, startApp, startInstance, waitForOk, type LineFilter } from './bench-app';
import { hasNginx, startEdge } from './edge';
import { hasPgbouncer, startPgbouncer, type Pooler } from './pooler';

export interface ShapeOptions {
  /** 0: one instance, straight to PostgreSQL, no edge (the bench without `--instances`). */
  instances: number;
  /** The bench's fresh database, directly. */
  databaseUrl: string;
  databaseName: string;
  port: number;
  authPort: number;
  edgePort: number;
  poolerPort: number;
  dataDir: string;
  /** The environment every instance starts from (the bench's own settings added). */
  env: NodeJS.ProcessEnv;
  filter: LineFilter;
  /** Run at the end, last first. */
  cleanups: (() => Promise<unknown>)[];
}

export interface Shape {
  /** Where the load goes: the edge, or the one instance. */
  base: string;
  /** Each instance's server process. */
  appPids: number[];
  emulatorPid: number | null;
  /** nginx's and PgBouncer's processes (none without `--instances`). */
  edgePids: () => Promise<number[]>;
  /** The warnings and errors nginx and PgBouncer logged so far, a few of each kind (none without `--instances`). */
  logs: () => Promise<string[]>;
  label: string;
}

export async function startShape(options: ShapeOptions): Promise<Shape> {
  const { instances, port } = options;
  const env: NodeJS.ProcessEnv = { ...options.env, DATABASE_URL: options.databaseUrl };
  let pooler: Pooler | null = null;
  if (instances > 0) {
    if (!hasNginx() || !hasPgbouncer())
      throw new Error('--instances needs nginx and PgBouncer (apt-get install nginx pgbouncer)');
    pooler = await startPgbouncer({
      listenPort: options.poolerPort,
      serverUrl: options.databaseUrl,
      // The instances' own bounds (their DB_*_TIMEOUT_MS, from this environment or the defaults).
      timeouts: dbTimeouts(),
    });
    options.cleanups.push(pooler.stop);
    Object.assign(env, {
      DATABASE_URL: pooler.urlOf(options.databaseName),
      DATABASE_DIRECT_URL: options.databaseUrl,
      DATABASE_POOLER: 'pgbouncer-session',
      // nginx appends the client's address to X-Forwarded-For (deploy/nginx.conf).
      TRUSTED_PROXIES: '1',
    });
  }
  const first = startApp({ ...env, PORT: String(port) }, options.filter);
  options.cleanups.push(first.stop);
  await waitForOk(`http://localhost:${port}/`, first, 20 * 60_000);
  const appPids = [await listenerPid(first.child.pid!, port)];
  const emulatorPid = await listenerPid(first.child.pid!, options.authPort).catch(() => null);
  if (instances === 0) {
    return {
      base: `http://localhost:${port}`,
      appPids,
      emulatorPid,
      edgePids: async () => [],
      logs: async () => [],
      label: 'one instance on PostgreSQL directly (npm start)',
    };
  }

  const ports = Array.from({ length: instances }, (_, i) => port + i);
  for (const [i, instancePort] of ports.entries()) {
    if (i === 0) continue;
    const instance = await startInstance(
      {
        ...env,
        PORT: String(instancePort),
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${options.authPort}`,
        DEMO_MODE: 'true',
        PAYMENTS_PROVIDER: 'sandbox',
        // The first instance's mail catcher (scripts/start.ts): every instance may run the mail job.
        SMTP_URL: `smtp://127.0.0.1:${env.MAIL_CATCHER_PORT}`,
      },
      options.dataDir,
      `#${i + 1}`,
      options.filter,
    );
    options.cleanups.push(instance.stop);
    await waitForOk(`http://localhost:${instancePort}/`, instance, 2 * 60_000);
    appPids.push(instance.child.pid!);
  }
  const edge = await startEdge(options.edgePort, ports);
  options.cleanups.push(edge.stop);
  return {
    // By address: `localhost` may resolve to ::1 first, where nginx does not listen, and each such connect would be
    // counted as a request without an answer. The demo site answers to 127.0.0.1 as to localhost.
    base: `http://127.0.0.1:${options.edgePort}`,
    appPids,
    emulatorPid,
    edgePids: async () => [edge.pid, ...(await descendantsOf(edge.pid)), pooler!.pid],
    logs: async () => [
      ...notable('nginx', await edge.errorLog(), /\[(warn|error|crit|alert|emerg)\]/),
      ...notable('pgbouncer', await pooler!.log(), /WARNING|ERROR|FATAL/),
    ],
    label: `${instances} instance(s) behind nginx (deploy/nginx.conf) on PgBouncer in session mode (deploy/pgbouncer.ini)`,
  };
}

/** The log's lines that `pattern` marks, counted, with the first few of them (their times and ids differ). */
function notable(name: string, log: string, pattern: RegExp): string[] {
  const lines = log.split('\n').filter((line) => pattern.test(line));
  if (!lines.length) return [];
  return [
    `${name}: ${lines.length} warnings or errors, e.g.`,
    ...lines.slice(0, 3).map((line) => `  ${line}`),
  ];
}

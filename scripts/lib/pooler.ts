import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DbTimeouts } from '@/server/db/client';
import { listening } from './edge';

/**
 * The connection pooler of the production shape (deploy/pgbouncer.ini, docs/decisions/0044): Debian's PgBouncer in a
 * directory of its own, as a child process (not a daemon), before one PostgreSQL server. For
 * `npm run bench:presale -- --instances N`.
 */
const PGBOUNCER = '/usr/sbin/pgbouncer';

export const hasPgbouncer = (): boolean => existsSync(PGBOUNCER);

export interface PoolerSettings {
  /** The directory of its log, pid file and users.txt. */
  prefix: string;
  listenPort: number;
  /** The PostgreSQL server it pools: host, port and user are read from this URL. */
  serverUrl: string;
  /** The app's bounds on waits, set on every server connection (the instances' DB_*_TIMEOUT_MS). */
  timeouts: Pick<DbTimeouts, 'statementMs' | 'lockMs' | 'idleInTransactionMs'>;
  /** The Unix user PgBouncer changes to when started as root, which it refuses to run as. */
  runAs?: string;
}

/** deploy/pgbouncer.ini with its fields filled: the local bench's, trusting the loopback interface. */
export function pgbouncerConfig(template: string, settings: PoolerSettings): string {
  const server = new URL(settings.serverUrl);
  const fields: Record<string, string> = {
    PREFIX: settings.prefix,
    LISTEN_ADDR: '127.0.0.1',
    LISTEN_PORT: String(settings.listenPort),
    SERVER_HOST: server.hostname,
    SERVER_PORT: server.port || '5432',
    AUTH_TYPE: 'trust',
    RUN_AS: settings.runAs ? `user = ${settings.runAs}` : '',
    STATEMENT_TIMEOUT_MS: String(settings.timeouts.statementMs),
    LOCK_TIMEOUT_MS: String(settings.timeouts.lockMs),
    IDLE_IN_TRANSACTION_TIMEOUT_MS: String(settings.timeouts.idleInTransactionMs),
  };
  const filled = template.replace(/\{\{([A-Z_]+)\}\}/g, (field, name: string) => {
    const value = fields[name];
    if (value === undefined) throw new Error(`deploy/pgbouncer.ini: no value for ${field}`);
    return value;
  });
  return filled;
}

/** users.txt for `auth_type = trust`: the user is named, its password is not checked. */
export const trustedUsers = (serverUrl: string): string =>
  `"${decodeURIComponent(new URL(serverUrl).username) || 'postgres'}" ""\n`;

export interface Pooler {
  pid: number;
  /** The URL of `database` through the pooler. */
  urlOf(database: string): string;
  /** The pooler's log so far (for a failure's message). */
  log(): Promise<string>;
  stop(): Promise<void>;
}

export async function startPgbouncer(settings: Omit<PoolerSettings, 'prefix'>): Promise<Pooler> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'fc-pgbouncer-'));
  const template = await readFile(path.resolve('deploy/pgbouncer.ini'), 'utf8');
  const ini = path.join(prefix, 'pgbouncer.ini');
  // As root (CI, a container) it would refuse to start: it runs as nobody, who must write its log and pid here.
  const asRoot = process.getuid?.() === 0;
  await writeFile(
    ini,
    pgbouncerConfig(template, { ...settings, prefix, runAs: asRoot ? 'nobody' : undefined }),
  );
  await writeFile(path.join(prefix, 'users.txt'), trustedUsers(settings.serverUrl));
  if (asRoot) {
    const nobody = spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' });
    await chown(prefix, Number(nobody.stdout.trim()), -1);
  }
  const child: ChildProcess = spawn(PGBOUNCER, [ini], { stdio: 'ignore' });
  const log = () => readFile(path.join(prefix, 'pgbouncer.log'), 'utf8').catch(() => '');
  try {
    await listening(settings.listenPort, child, 'pgbouncer');
  } catch (error) {
    child.kill('SIGTERM');
    const said = await log();
    await rm(prefix, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${said}`);
  }
  const server = new URL(settings.serverUrl);
  return {
    pid: child.pid!,
    urlOf: (database) => {
      const url = new URL(server);
      url.host = `127.0.0.1:${settings.listenPort}`;
      url.pathname = `/${database}`;
      return url.toString();
    },
    log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // SIGTERM: close at once (the instances are stopped by now); SIGINT would wait for clients.
        child.kill('SIGTERM');
        await exited;
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}

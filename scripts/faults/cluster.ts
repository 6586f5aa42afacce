import { execFile } from 'node:child_process';
import { chown, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL cluster of the suite's own, in its temporary directory, made with the machine's initdb and pg_ctl:
 * stopping or crashing it disturbs no other database. PostgreSQL refuses to run as root, so as root the cluster
 * belongs to the `postgres` account and its commands run as that account.
 */
const exec = promisify(execFile);
const BIN = '/usr/local/bin';
const isRoot = process.getuid?.() === 0;

export interface Cluster {
  url: string;
  port: number;
  dir: string;
  start(): Promise<void>;
  /** fast: sessions are ended and the server shuts down cleanly; immediate: it quits at once, as in a crash. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  isRunning(): Promise<boolean>;
  logTail(lines: number): Promise<string>;
}

async function pgUser(): Promise<{ uid: number; gid: number } | null> {
  if (!isRoot) return null;
  const { stdout } = await exec('id', ['-u', 'postgres']);
  const { stdout: group } = await exec('id', ['-g', 'postgres']);
  return { uid: Number(stdout.trim()), gid: Number(group.trim()) };
}

export async function createCluster(tmp: string, port: number): Promise<Cluster> {
  const user = await pgUser();
  const dir = path.join(tmp, 'pg');
  const run = path.join(tmp, 'pg-run');
  const log = path.join(run, 'postgres.log');
  for (const folder of [dir, run]) {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    if (user) await chown(folder, user.uid, user.gid);
  }
  const command = (tool: string, args: string[]) => {
    const [file, argv] = user
      ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args]]
      : [path.join(BIN, tool), args];
    return exec(file, argv, { timeout: 90_000 });
  };
  await command('initdb', [
    '-D',
    dir,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const pgCtl = (args: string[]) => command('pg_ctl', ['-D', dir, ...args]);
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    start: async () => {
      // listen_addresses: TCP on loopback only; -k: the socket in the temporary directory, not /var/run.
      const options = `-p ${port} -k ${run} -c listen_addresses=127.0.0.1 -c max_connections=200`;
      await pgCtl(['-o', options, '-l', log, '-w', '-t', '60', 'start']);
    },
    stop: async (mode) => {
      await pgCtl(['-m', mode, '-w', '-t', '60', 'stop']);
    },
    isRunning: async () =>
      pgCtl(['status']).then(
        () => true,
        () => false,
      ),
    logTail: async (lines) =>
      (await readFile(log, 'utf8').catch(() => '')).split('\n').slice(-lines).join('\n'),
  };
  await cluster.start();
  return cluster;
}

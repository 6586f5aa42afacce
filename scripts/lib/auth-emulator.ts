import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The Firebase Auth emulator from firebase-tools: pure Node, offline with a `demo-` project id. `npm start`, the
 * integration tests and the end-to-end tests each start their own on their own ports.
 */
export interface AuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  stop(): Promise<void>;
}

export interface AuthEmulatorOptions {
  projectId: string;
  port: number;
  /** Where the emulator's config lives and, when `persist` is set, where its accounts are kept across restarts. */
  dir: string;
  persist?: boolean;
  quiet?: boolean;
}

const FIREBASE_BIN = path.resolve('node_modules/firebase-tools/lib/bin/firebase.js');

async function isUp(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Kept outside the data directory (tests wipe theirs) so that a run can find an emulator a killed run left. */
const pidFile = (port: number) => path.resolve('.data', `auth-emulator-${port}.pid`);

/** An emulator an earlier run started on this port and could not stop (it was killed) is stopped now. */
async function stopLeftover(port: number): Promise<void> {
  const pid = Number(await readFile(pidFile(port), 'utf8').catch(() => ''));
  if (!pid) return;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (cmdline.includes('firebase')) {
    process.kill(-pid, 'SIGKILL');
    for (let i = 0; i < 50 && (await isUp(`127.0.0.1:${port}`)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await rm(pidFile(port), { force: true });
}

export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const host = `127.0.0.1:${options.port}`;
  await stopLeftover(options.port);
  if (await isUp(host)) throw new Error(`Port ${options.port} is taken: another auth emulator is running.`);
  const dir = path.resolve(options.dir);
  const exportDir = path.join(dir, 'export');
  await mkdir(exportDir, { recursive: true });
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port: options.port },
      // The hub and the logging emulator need ports too; near the auth port so that several runs can coexist.
      hub: { host: '127.0.0.1', port: options.port + 1 },
      logging: { host: '127.0.0.1', port: options.port + 2 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const configFile = path.join(dir, 'firebase.json');
  await writeFile(configFile, JSON.stringify(config, null, 2));

  const args = [
    FIREBASE_BIN,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    options.projectId,
    '--config',
    configFile,
  ];
  if (options.persist) args.push('--import', exportDir, '--export-on-exit', exportDir);
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: dir,
    // Its own process group: a Ctrl-C in the terminal reaches only npm start, which then stops it once, cleanly
    // (a second SIGINT would make it skip the export).
    detached: true,
    stdio: options.quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'],
    // eslint-disable-next-line no-restricted-properties -- the emulator inherits this process's environment
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.pid) await writeFile(pidFile(options.port), String(child.pid));

  // A Java program: about 10 s on a quiet machine, over a minute on a loaded one (two cores, a build beside it).
  const deadline = Date.now() + 180_000;
  while (!(await isUp(host))) {
    if (child.exitCode !== null) throw new Error(`The auth emulator exited with ${child.exitCode}.`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The auth emulator did not start within 180 s.');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  let stopping: Promise<void> | null = null;
  return {
    host,
    // Idempotent: a second SIGINT would make the emulator skip its export.
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          // SIGINT lets it export its accounts (when persisting) before it exits.
          child.kill('SIGINT');
          const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(timeout);
        }
        await rm(pidFile(options.port), { force: true });
      })()),
  };
}

/**
 * The Vitest runs' emulator on `port`: started by their global setup (src/test/auth-emulator.global.ts), or once for
 * both of npm test's runs (scripts/test.ts). Its directory is the port's: two runs in one checkout on two ports would
 * otherwise write each other's configuration.
 */
export const startTestAuthEmulator = (port: number): Promise<AuthEmulator> =>
  startAuthEmulator({ projectId: 'demo-fanclub', port, dir: `.data/vitest-auth-${port}`, quiet: true });
